// swift-tools-version:6.0
import PackageDescription

// Data flows one way: files → watcher → parse → document → render → publish → pages.
// GalleyCore is pure (no I/O); the watcher, the server and the app are the shells.
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
        .target(name: "GalleyWatcher"),
        .target(name: "GalleyServer", dependencies: ["GalleyShim", "CMicroHTTPD"]),
        .target(
            name: "GalleyPage",
            path: "Assets/Page",
            resources: [
                .embedInCode("page.html"),
                .embedInCode("index.html"),
                .embedInCode("galley.css"),
                .embedInCode("galley.js"),
                .embedInCode("connection.js"),
                .embedInCode("patching.js"),
                .embedInCode("scrolling.js"),
                .embedInCode("settings.js"),
                .embedInCode("toolbar.js"),
                .embedInCode("diagnostics.js"),
                .embedInCode("editorLink.js"),
                .embedInCode("documentPage.js"),
                .embedInCode("indexPage.js"),
                .embedInCode("onDevice.js"),
            ]
        ),
        .target(
            name: "GalleyApp",
            dependencies: ["GalleyCore", "GalleyWatcher", "GalleyServer", "GalleyPage", "CQREncode"]
        ),
        .executableTarget(name: "galley", dependencies: ["GalleyApp"]),
        // Times the core for Scripts/bench; not shipped.
        .executableTarget(name: "GalleyBench", dependencies: ["GalleyCore"]),
        .testTarget(
            name: "GalleyCoreTests",
            dependencies: ["GalleyCore"],
            resources: [.copy("Golden")]
        ),
        .testTarget(name: "GalleyWatcherTests", dependencies: ["GalleyWatcher"]),
        .testTarget(
            name: "GalleyAppTests",
            dependencies: ["GalleyApp", "GalleyWatcher", "GalleyServer", "GalleyCore"]
        ),
    ]
)
