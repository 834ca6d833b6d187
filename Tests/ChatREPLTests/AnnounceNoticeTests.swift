import Testing

@testable import ChatREPLCore
@testable import MentionKit

/// `--announce`: the notice line shows what a screen reader would hear. In the fixture, "jos"
/// matches José Álvarez and Josefina Ruiz.
@MainActor struct AnnounceNoticeTests {
  @Test func noticeFollowsTheList() async {
    let session = SessionFixture.session()
    session.announces = true
    await session.press(.text("@jos"))
    #expect(session.notice?.map(\.text).joined() == "screen reader: 2 suggestions")
    await session.press(.down)
    #expect(session.notice?.map(\.text).joined() == "screen reader: Josefina Ruiz, 2 of 2")
    await session.press(.enter)
    #expect(session.editor.text == "@josefina ")
    #expect(session.notice?.map(\.text).joined() == "screen reader: Inserted Josefina Ruiz")
  }

  @Test func flagParses() throws {
    #expect(try Options.parse(["--announce"]).announces)
    #expect(try !Options.parse([]).announces)
  }

  @Test func noNoticeWithoutTheFlag() async {
    let session = SessionFixture.session()
    await session.press(.text("@jos"), .down)
    #expect(session.notice == nil)
  }
}
