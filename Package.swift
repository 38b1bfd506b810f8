// swift-tools-version:6.0
import PackageDescription

// Data flows one way: files → watcher → parse → document → render → publish → pages.
// GalleyCore is pure (no I/O, no locks, no C library): the watcher, the server and the app are the shells,
// and GalleySystem gives the core what needs the system (code-page converters) through protocols it declares.
let package = Package(
    name: "Galley",
    products: [
        .executable(name: "galley", targets: ["galley"]),
        .executable(name: "galley-bench", targets: ["GalleyBench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CQREncode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .target(name: "GalleyShim", dependencies: ["CMicroHTTPD"]),
        .target(name: "GalleyCore"),
        // System calls with EINTR retry and readable errors, paths, the
        // content-folder confinement rule and the lock: shared by the watcher, the server and the app.
        .target(name: "GalleySystem", dependencies: ["GalleyShim", "GalleyCore"]),
        .target(name: "GalleyWatcher", dependencies: ["GalleySystem", "GalleyCore"]),
        .target(name: "GalleyServer", dependencies: ["GalleyCore", "GalleySystem", "GalleyShim", "CMicroHTTPD"]),
        // Pictures for formats and sizes a browser should not get as they are (libvips).
        .target(name: "GalleyImaging", dependencies: ["GalleyCore", "GalleySystem", "GalleyShim"]),
        .target(
            name: "GalleyPage",
            path: "Assets/Page",
            // The page's only file list: PageFiles serves what is embedded here.
            resources: [
                .embedInCode("page.html"),
                .embedInCode("index.html"),
                .embedInCode("galley.css"),
                .embedInCode("galley.js"),
                .embedInCode("connection.js"),
                .embedInCode("patching.js"),
                .embedInCode("blockLocations.js"),
                .embedInCode("scrolling.js"),
                .embedInCode("settings.js"),
                .embedInCode("toolbar.js"),
                .embedInCode("diagnostics.js"),
                .embedInCode("editorLink.js"),
                .embedInCode("documentPage.js"),
                .embedInCode("indexPage.js"),
                .embedInCode("indexSearch.js"),
                .embedInCode("rowWindow.js"),
                .embedInCode("idle.js"),
                .embedInCode("languages.js"),
                .embedInCode("onDevice.js"),
                .embedInCode("deviceFiles.js"),
                .embedInCode("navigation.js"),
                .embedInCode("fontNote.js"),
                .embedInCode("reviewViews.js"),
                .embedInCode("changes.html"),
                .embedInCode("changes.js"),
            ],
            plugins: ["GalleyPageFiles"]
        ),
        .target(
            name: "GalleyApp",
            dependencies: ["GalleyCore", "GalleySystem", "GalleyWatcher", "GalleyServer", "GalleyPage", "GalleyImaging", "CQREncode"],
            plugins: ["GalleyBuildInfo"]
        ),
        // Names the git commit in `galley --version` (Scripts/build-info).
        .plugin(name: "GalleyBuildInfo", capability: .buildTool(), path: "Sources/GalleyBuildInfo"),
        // Makes PageFiles' table from GalleyPage's embedded resources.
        .plugin(name: "GalleyPageFiles", capability: .buildTool(), path: "Sources/GalleyPageFiles"),
        .executableTarget(name: "galley", dependencies: ["GalleyApp"]),
        // Times the core for Scripts/bench, with the daemon's code-page converters; not shipped.
        .executableTarget(name: "GalleyBench", dependencies: ["GalleyCore", "GalleySystem"]),
        // The tests' one way to record and compare golden files.
        .target(name: "GalleyTestSupport", path: "Tests/GalleyTestSupport"),
        .testTarget(
            name: "GalleyCoreTests",
            // GalleySystem for the code-page converters the daemon hands the readers.
            dependencies: ["GalleyCore", "GalleySystem", "GalleyTestSupport"],
            resources: [.copy("Golden")]
        ),
        .testTarget(name: "GalleySystemTests", dependencies: ["GalleySystem", "GalleyCore"]),
        .testTarget(name: "GalleyServerTests", dependencies: ["GalleyServer", "GalleySystem", "GalleyCore"]),
        .testTarget(name: "GalleyWatcherTests", dependencies: ["GalleyWatcher", "GalleyCore"]),
        .testTarget(
            name: "GalleyImagingTests",
            dependencies: ["GalleyImaging", "GalleySystem", "GalleyCore"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "GalleyAppTests",
            dependencies: ["GalleyApp", "GalleySystem", "GalleyWatcher", "GalleyServer", "GalleyCore", "GalleyTestSupport"]
        ),
    ]
)

// Every existential is written `any P`, so that the cost of boxing a value is seen where it is paid.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
