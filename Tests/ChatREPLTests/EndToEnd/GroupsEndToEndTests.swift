import Testing

@testable import ChatREPLCore

extension InteractiveEndToEndTests {
  /// The embedded `team` group: `@te` lists it first with its five members, Tab and Enter send
  /// it as a Slack user group, and the notify line names its members by handle (from the
  /// embedded groups table and users: U0000283 jose_lerma_verd, U0002169 ana.bogdan, U0000561
  /// calebe_siqueira, U0002760 kare_moen, U0005300 amanda_silvenno). `@here` from a member in
  /// the 3,084-user channel is denied.
  @Test func completeAGroupAndSeeWhomItNotifies() throws {
    let directory = try Self.scratch()
    let session = try Self.start(in: directory)

    try session.type("@te")
    try session.waitUntil("the team group first") { $0.contains("› @team · 5 people") }
    try session.press("Tab")
    try session.type("standup?")
    try session.press("Enter")
    let sent = try session.waitUntil("the notify line") { screen in
      screen.contains { $0.hasPrefix("  → notifies") }
    }
    #expect(sent.contains("you: @team standup?"))
    #expect(sent.contains("  ↳ slack: <!subteam^team> standup?"))
    #expect(
      sent.contains(
        "  → notifies jose_lerma_verd, ana.bogdan, calebe_siqueira, kare_moen, amanda_silvenno"))

    try session.type("@he")
    try session.waitUntil("the here broadcast") { $0.contains("› @here · notifies everyone here") }
    try session.press("Tab")
    try session.type("lunch")
    try session.press("Enter")
    try session.waitUntil("the denied broadcast") { screen in
      screen.contains("  → @here: the channel is too large for the sender's role to broadcast")
    }

    try session.press("C-d")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }
}
