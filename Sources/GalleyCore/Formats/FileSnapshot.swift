/// A content file's last reading, with what its format keeps so that the
/// next version of the file (a save, an editor's keystroke) is read only
/// where it changed.
///
/// The shell keeps one per file and hands it back with the new bytes to
/// `ContentFile.read(_:in:after:)`.
package struct FileSnapshot: Sendable {
    package let reading: FileReading
    /// The format's own state for the next reading (nil: read it whole).
    let resume: (any ResumableReading)?
    /// How many bytes this reading parsed: the whole file, or only what changed.
    package let bytesRead: Int
    /// Which documents of the reading (by their place in it) differ from
    /// the previous reading's, as the format found while reading only what
    /// changed: the one place a save is compared for change. Nil when the
    /// format did not compare (the file was read whole): whoever keeps the
    /// previous documents compares them then.
    package let changedDocuments: Set<Int>?

    init(reading: FileReading, resume: (any ResumableReading)? = nil, bytesRead: Int, changedDocuments: Set<Int>? = nil) {
        self.reading = reading
        self.resume = resume
        self.bytesRead = bytesRead
        self.changedDocuments = changedDocuments
    }

    /// Whether the next reading can parse only what changed; keeping a
    /// snapshot that cannot is of no use.
    package var canReadInPart: Bool { resume != nil }

    /// The same reading without what the next one would resume from: for a
    /// file small enough to read whole again, whose format's state (every
    /// string's reading, for a data file) need not outlive this reading.
    package var readingOnly: FileSnapshot {
        FileSnapshot(reading: reading, bytesRead: bytesRead, changedDocuments: changedDocuments)
    }

    /// The same snapshot without the bytes it was read from, for a file
    /// whose every change comes with its `SourceEdit` (an editor's buffer):
    /// kept, they would share the buffer's storage, and the buffer's next
    /// edit would copy it whole. A next reading without an edit reads whole.
    package var withoutSource: FileSnapshot {
        FileSnapshot(reading: reading, resume: resume?.withoutSource, bytesRead: bytesRead, changedDocuments: changedDocuments)
    }

    /// A file that could not be read at all.
    package init(failure: Diagnostic) {
        self.init(reading: .failed(failure), bytesRead: 0)
    }
}

/// What a format keeps of a reading to read the next version in part.
protocol ResumableReading: Sendable {
    /// The same state without the source's bytes: the next reading must be
    /// told the edit, or reads whole.
    var withoutSource: Self { get }
}

extension ResumableReading {
    /// The reading `reread` makes from what `previous` kept, when it kept
    /// this format's state; else the whole reading `read` makes.
    static func reading(after previous: FileSnapshot?, reread: (Self) -> Self, else read: () -> Self) -> Self {
        if let last = previous?.resume as? Self { reread(last) } else { read() }
    }
}

extension ContentFormat {
    /// Formats that cannot read in part read the whole file.
    package func read(
        _ bytes: [UInt8], of file: ContentFile, in context: ReadingContext, after previous: FileSnapshot?,
        edit: SourceEdit?
    ) -> FileSnapshot {
        FileSnapshot(reading: read(bytes, of: file, in: context), bytesRead: bytes.count)
    }
}
