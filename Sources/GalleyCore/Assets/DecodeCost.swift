/// How an image's pixels lie in memory once decoded: bands (channels) per
/// pixel and bytes per band, as libvips holds them.
package struct PixelLayout: Equatable, Sendable {
    package var bands: Int
    package var bytesPerBand: Int

    package init(bands: Int, bytesPerBand: Int) {
        self.bands = max(1, bands)
        self.bytesPerBand = max(1, bytesPerBand)
    }

    /// Samples of `bitsPerBand` bits are decoded into whole bytes.
    init(bands: Int, bitsPerBand: Int) {
        self.init(bands: bands, bytesPerBand: (bitsPerBand + 7) / 8)
    }

    /// A PNG's colour type says its bands, counting the alpha band a
    /// transparent colour (`tRNS`) adds; a palette is expanded to RGBA.
    static func png(bitDepth: Int, colourType: Int) -> PixelLayout {
        let bands = [0: 2, 2: 4, 3: 4, 4: 2, 6: 4][colourType] ?? 4
        return PixelLayout(bands: bands, bitsPerBand: colourType == 3 ? 8 : bitDepth)
    }

    /// A palette TIFF is expanded to RGB, 16 bits a band at most.
    static func tiff(samples: Int, bitsPerSample: Int, isPalette: Bool) -> PixelLayout {
        isPalette ? PixelLayout(bands: 3, bytesPerBand: 2) : PixelLayout(bands: samples, bitsPerBand: bitsPerSample)
    }

    /// The formats whose headers Galley does not read for it, at the most
    /// their decoders hold: GIF and WebP decode to 8-bit RGBA; HEIF may
    /// decode to 16-bit RGBA; ImageMagick (BMP) keeps 16-bit RGBA itself.
    static func decoded(_ format: ImageFormat) -> PixelLayout? {
        switch format {
        case .gif, .webp: PixelLayout(bands: 4, bytesPerBand: 1)
        case .heif, .bmp: mostPerPixel
        case .png, .jpeg, .tiff, .pdf, .svg: nil
        }
    }

    /// The most any decoder Galley uses holds for one pixel: 16-bit RGBA.
    static let mostPerPixel = PixelLayout(bands: 4, bytesPerBand: 2)
}

/// The memory drawing a picture takes, known from the file's header before
/// anything decodes: width × height × bands × bytes per band of the source,
/// or for a PDF or SVG the RGBA picture it is drawn into. The pictures
/// being drawn at one time never need more than `budgetBytes` together.
package enum DecodeCost {
    /// What every picture being drawn at once may hold in all: a 100 MP
    /// camera file (300 MB of 8-bit RGB) is drawn; a 12,000² 16-bit RGBA
    /// PNG (1.1 GB, in a file of 1 MB) is refused.
    package static let budgetBytes = 512 << 20

    /// The bytes drawing `header` at `width` pixels (at most `maximumHeight`
    /// high) takes; `Int.max` when they do not even fit in a number.
    package static func bytes(of header: ImageHeader, drawnWidth width: Int, maximumHeight: Int) -> Int {
        if header.format.isVector {
            // Drawn from its vectors straight into an RGBA picture.
            let scaled = width.multipliedReportingOverflow(by: header.height)
            let height = scaled.overflow ? maximumHeight : min(maximumHeight, max(1, scaled.partialValue / max(1, header.width)))
            return width * height * 4
        }
        let layout = header.layout ?? PixelLayout.mostPerPixel
        var total = header.width
        for factor in [header.height, layout.bands, layout.bytesPerBand] {
            let product = total.multipliedReportingOverflow(by: factor)
            guard !product.overflow else { return Int.max }
            total = product.partialValue
        }
        return total
    }

    /// Why a picture that needs `bytes` is not drawn.
    package static func refusal(bytes: Int) -> String {
        "decoding it takes \(megabytes(bytes)) of memory, more than Galley gives pictures (at most \(megabytes(budgetBytes)))"
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 10 << 30 ? "more than 10 GB" : "\((bytes + (1 << 20) - 1) >> 20) MB"
    }
}
