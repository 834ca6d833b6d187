// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "MentionKit",
  // `Synchronization` (Atomic) needs these Apple releases; Linux needs only Swift 6.2.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "MentionKit", targets: ["MentionKit"]),
    .executable(name: "chat-repl", targets: ["ChatREPL"]),
    .executable(name: "mention-bench", targets: ["MentionBench"]),
  ],
  targets: [
    .target(
      name: "MentionKit",
      exclude: [
        // Generators run offline and are kept beside their output (see Docs/Folding.md and
        // Docs/ChatBackends.md).
        "Text/generate-folding-table.py",
        "Extract/URL/generate-tld-table.py",
        "Text/generate-case-folding-table.py",
        "Text/generate-transliteration-tables.py",
      ]
    ),
    .testTarget(
      name: "MentionKitTests", dependencies: ["MentionKit", "TestSupport", "ToolSupport"]),
    // Finding fixtures (Tests/Fixtures) and ../shared's big files, for both test targets.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .executableTarget(
      name: "ChatREPL",
      dependencies: ["ChatREPLCore"],
      path: "Examples/ChatREPL"
    ),
    // The chat REPL's testable logic: directory, pipe mode, key decoding, line editor, screen.
    .target(
      name: "ChatREPLCore",
      dependencies: ["MentionKit", "ToolSupport"],
      path: "Examples/ChatREPLCore",
      exclude: [
        "Directory/make-embedded-directory.py",
        "Directory/make-emoji-table.py",
        "Terminal/make-width-table.py",
      ]
    ),
    .testTarget(
      name: "ChatREPLTests",
      dependencies: ["ChatREPLCore", "TestSupport", "ToolSupport"],
      path: "Tests/ChatREPLTests"
    ),
    .executableTarget(
      name: "MentionBench",
      dependencies: ["MentionKit", "ToolSupport"],
      path: "Benchmarks/MentionBench"
    ),
    // What the example app and the benchmark share: a TSV reader, a JSON writer, a seeded
    // generator. Not a product, and not a dependency of the library.
    .target(name: "ToolSupport", path: "Examples/ToolSupport"),
    .testTarget(
      name: "ToolSupportTests",
      dependencies: ["ToolSupport"],
      path: "Tests/ToolSupportTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .plugin {
  var settings = target.swiftSettings ?? []
  // SE-0335: require `any` for existential types.
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  // SE-0444: a file sees only the members of the modules it imports itself.
  settings.append(.enableUpcomingFeature("MemberImportVisibility"))
  target.swiftSettings = settings
}
