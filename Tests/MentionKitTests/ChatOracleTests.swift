import Foundation
import TestSupport
import Testing

@testable import MentionKit

/// The chat profile against an oracle built without MentionKit: seeded chat lines and
/// multi-line messages, and inputs after the CommonMark spec's examples, each with the mentions
/// and hashtags that markdown-it-py (CommonMark), linkify-it-py (with twitter-text's top-level
/// domains) and the handle grammar of the chat-backends guide give. The generator and its
/// output are committed under `Tests/Fixtures/chat-oracle`.
struct ChatOracleTests {
  struct Case: Decodable {
    var text: String
    var entities: [[Entity]]

    enum Entity: Decodable, Equatable, CustomStringConvertible {
      case string(String)
      case offset(Int)

      init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let offset = try? container.decode(Int.self) {
          self = .offset(offset)
        } else {
          self = .string(try container.decode(String.self))
        }
      }

      var description: String {
        switch self {
        case .string(let string): string
        case .offset(let offset): String(offset)
        }
      }
    }
  }

  /// `kind:value[start..<end]` in scalar offsets, as the fixture writes them.
  static func describe(_ entities: [[Case.Entity]]) -> String {
    entities.map { "\($0[0]):\($0[1])[\($0[2])..<\($0[3])]" }.joined(separator: " ")
  }

  static func describe(_ entities: [ExtractedEntity]) -> String {
    entities.map {
      "\($0.trigger.rawValue):\($0.value)[\($0.scalarRange.lowerBound)..<\($0.scalarRange.upperBound)]"
    }.joined(separator: " ")
  }

  /// The first line of the fixture: the generator, its seed, the versions it ran with and how
  /// many cases follow.
  struct Header: Decodable {
    var seed: Int
    var cases: Int
  }

  static func cases() throws -> [Case] {
    let lines = try Fixtures.read("chat-oracle/cases.jsonl").split(separator: "\n")
    let decoder = JSONDecoder()
    let header = try decoder.decode(Header.self, from: Data(try #require(lines.first).utf8))
    let cases = try lines.dropFirst().map { try decoder.decode(Case.self, from: Data($0.utf8)) }
    #expect(cases.count == header.cases, "the fixture is truncated")
    return cases
  }

  @Test func chatProfileAgreesWithTheOracle() throws {
    let cases = try Self.cases()
    #expect(cases.count > 5000)
    let extractor = EntityExtractor(profile: .chat)
    var disagreements: [String] = []
    var entityCount = 0
    for oracle in cases {
      let expected = Self.describe(oracle.entities)
      let found = Self.describe(extractor.entities(in: oracle.text))
      entityCount += oracle.entities.count
      if found != expected {
        disagreements.append(
          "\(oracle.text.debugDescription)\n  oracle: \(expected)\n  chat:   \(found)")
      }
    }
    #expect(entityCount > 3000)
    let count = disagreements.count
    #expect(
      count == 0,
      "\(count) disagreements:\n\(disagreements.prefix(60).joined(separator: "\n"))")
  }
}
