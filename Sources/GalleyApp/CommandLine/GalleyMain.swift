import GalleySystem
import Glibc

/// The `galley` executable's entry point: parses arguments, runs a command,
/// and turns failures into messages and exit statuses.
package enum GalleyMain {
    package static func run(_ arguments: [String]) -> Int32 {
        let command: Command
        do {
            command = try CommandLineArguments.parse(arguments)
        } catch {
            Console.error("galley: \(error)")
            // The usage of the command that was given, when one was.
            let spec = arguments.first.flatMap(CommandTable.command(named:))
            Console.error(spec.map(HelpText.usage(of:)) ?? HelpText.overview)
            return 64
        }
        switch command {
        case .help(let name):
            let help = name.flatMap(CommandTable.command(named:)).map(HelpText.usage(of:)) ?? HelpText.overview
            return Console.output(help + "\n") ? 0 : 1
        case .version:
            return Console.output("galley \(GalleyVersion.current)\n") ? 0 : 1
        case .completions(let shell):
            return Console.output(ShellCompletion.script(for: shell)) ? 0 : 1
        case .manual:
            return Console.output(ManualPage.text) ? 0 : 1
        case .check(let paths, let format, let strict, let verbose):
            return CheckCommand(paths: paths, format: format, strict: strict, verbose: verbose).run()
        case .diff(let revision, let path, let output, let site):
            return DiffCommand(revision: revision, path: path, output: output, site: site).run()
        case .languageServer:
            return LanguageServerCommand().run()
        case .render(let paths, let output):
            return RenderCommand(paths: paths, output: output).run()
        case .serve(let options):
            ProcessSignals.block()
            let daemon = PreviewDaemon(options: options)
            do {
                // Told as soon as the port is bound: before the content's problems, however many.
                _ = try daemon.start { addresses in
                    var sent = "Galley is serving a live preview at \(addresses.local)\n"
                    if options.lan { sent += lanAddressLines(addresses.lan) }
                    // An author who cannot be told the address has no preview.
                    guard Console.output(sent) else { throw PreviewDaemon.StartError.cannotAnnounceAddress }
                    if options.openBrowser { BrowserOpener.open(addresses.local) }
                }
            } catch {
                Console.error("galley: \(error)")
                return 1
            }
            // The daemon runs on its own queues and threads; the main thread
            // answers signals until one says stop.
            while true {
                switch ProcessSignals.next() {
                case SIGHUP: daemon.reloadConfiguration()
                default:
                    daemon.stop()
                    return 0
                }
            }
        }
    }
}

/// What `serve --lan` tells the author: every URL with the key, and the
/// first as a QR code a phone's camera opens.
private func lanAddressLines(_ urls: [String]) -> String {
    guard let first = urls.first else {
        Console.error("galley: warning: --lan: this machine has no network address but loopback; phones cannot reach it")
        return ""
    }
    var lines = urls.map { "On the local network: \($0)\n" }.joined()
    if let code = QRCode(encoding: first) { lines += code.terminalText(colored: TerminalText.colorWanted(on: .standardOutput)) + "\n" }
    return lines
}
