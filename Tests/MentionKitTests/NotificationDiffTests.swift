import Testing
import ToolSupport

@testable import MentionKit

/// The edit diff's properties over seeded random messages, and a few edits worked by hand.
struct NotificationDiffTests {
  static let pieces = [
    "@ana", "@bo", "@cy", "@dee", "@team", "@ops", "@_ana", "@_bo", "`@cy`", "@nobody", "hi",
    "and", "@here", "> @bo", "`x`",
  ]

  static func randomMessage(_ random: inout SplitMix64) -> String {
    var lines: [String] = []
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      var words: [String] = []
      if Int.random(in: 0..<4, using: &random) == 0 { words.append(">") }
      for _ in 0..<Int.random(in: 1...5, using: &random) {
        words.append(pieces[Int.random(in: 0..<pieces.count, using: &random)])
      }
      lines.append(words.joined(separator: " "))
    }
    if Int.random(in: 0..<5, using: &random) == 0 { lines.insert("", at: 1) }
    return lines.joined(separator: "\n")
  }

  static func notification(_ text: String) throws -> MentionNotification {
    try NotificationTests.notify(text, sender: "U4", role: "member")
  }

  @Test func propertiesHoldOnSeededEdits() throws {
    var random = SplitMix64(seed: 20_261_127)
    for _ in 0..<500 {
      let a = Self.randomMessage(&random)
      let b = Self.randomMessage(&random)
      let (before, after) = (try Self.notification(a), try Self.notification(b))
      // An unchanged message adds and removes nobody, and keeps everyone.
      let same = NotificationDiff(from: before, to: before)
      #expect(same.isEmpty && same.kept == before.recipients, "\(a)")
      // Symmetry: what one direction adds, the other removes.
      let forward = NotificationDiff(from: before, to: after)
      let backward = NotificationDiff(from: after, to: before)
      #expect(Set(forward.added) == Set(backward.removed), "\(a) → \(b)")
      #expect(Set(forward.removed) == Set(backward.added), "\(a) → \(b)")
      #expect(Set(forward.kept) == Set(backward.kept), "\(a) → \(b)")
      // Partitions: added and kept are the edited recipients, removed and kept the stored.
      #expect(Set(forward.added).union(forward.kept) == Set(after.recipients))
      #expect(Set(forward.removed).union(forward.kept) == Set(before.recipients))
      #expect(Set(forward.added).isDisjoint(with: forward.kept))
      #expect(forward.added.count == Set(forward.added).count)
      // Quoting the whole message, or making it a code block, removes everyone.
      let quoted = a.split(separator: "\n", omittingEmptySubsequences: false)
        .map { "> " + $0 }.joined(separator: "\n")
      let intoQuote = NotificationDiff(from: before, to: try Self.notification(quoted))
      #expect(intoQuote.added.isEmpty && intoQuote.kept.isEmpty, "\(quoted)")
      #expect(intoQuote.removed == before.recipients)
      let fenced = "```\n" + a + "\n```"
      let intoCode = NotificationDiff(from: before, to: try Self.notification(fenced))
      #expect(
        intoCode.added.isEmpty && intoCode.kept.isEmpty && intoCode.removed == before.recipients)
    }
  }

  @Test func editsWorkedByHand() throws {
    let stored = try Self.notification("@ana and @team")  // U1, U2
    let edited = try Self.notification("@team and @cy\n> @ana")  // U1, U2, U3; ana quoted
    let diff = NotificationDiff(from: stored, to: edited)
    #expect(diff.added == ["U3"])
    #expect(diff.removed.isEmpty)
    #expect(diff.kept == ["U1", "U2"])
    let moved = NotificationDiff(from: stored, to: try Self.notification("`@ana` and @team"))
    #expect(moved.isEmpty)  // ana is still in @team
    let removed = NotificationDiff(from: stored, to: try Self.notification("`@ana` and @ops"))
    #expect(removed.added == ["U3"])
    #expect(removed.removed == ["U1"])
    #expect(removed.kept == ["U2"])
  }
}
