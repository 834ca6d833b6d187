// swift-tools-version: 6.2
import PackageDescription

// A chat backend on MentionKit: users in PostgreSQL, an in-memory replica of them in every
// service instance, and an HTTP API. MentionKit itself stays dependency-free; this package is
// where the server ecosystem comes in.
let package = Package(
  name: "MentionServer",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "mention-server", targets: ["MentionServer"]),
    .library(name: "MentionStore", targets: ["MentionStore"]),
  ],
  dependencies: [
    .package(name: "MentionKit", path: "../.."),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
  ],
  targets: [
    // The PostgreSQL directory, the live replica and the message store.
    .target(
      name: "MentionStore",
      dependencies: [
        .product(name: "MentionKit", package: "MentionKit"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // The HTTP API over the store.
    .target(
      name: "MentionServerCore",
      dependencies: [
        "MentionStore",
        .product(name: "MentionKit", package: "MentionKit"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .executableTarget(
      name: "MentionServer",
      dependencies: [
        "MentionServerCore",
        "MentionStore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .testTarget(
      name: "MentionServerTests",
      dependencies: [
        "MentionServerCore",
        "MentionStore",
        .product(name: "MentionKit", package: "MentionKit"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  settings.append(.enableUpcomingFeature("MemberImportVisibility"))
  target.swiftSettings = settings
}
