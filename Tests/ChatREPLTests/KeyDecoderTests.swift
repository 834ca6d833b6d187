import Testing

@testable import ChatREPLCore

/// Raw terminal bytes into keys: text, UTF-8 split across reads, control keys, CSI and SS3
/// sequences, and the lone Esc held back until a timeout.
struct KeyDecoderTests {
  private func keys(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flush()
  }

  @Test func typedTextIsOneRun() {
    #expect(keys("héllo 日本 👍🏽") == [.text("héllo 日本 👍🏽")])
  }

  @Test func utf8SplitAcrossReadsWaitsForTheRest() {
    var decoder = KeyDecoder()
    let bytes = Array("a👍é".utf8)  // 1 + 4 + 2 bytes
    #expect(decoder.feed(Array(bytes[0..<3])) == [.text("a")])
    #expect(decoder.hasPending)
    #expect(decoder.feed(Array(bytes[3..<6])) == [.text("👍")])
    #expect(decoder.feed(Array(bytes[6...])) == [.text("é")])
    #expect(!decoder.hasPending)
  }

  @Test(arguments: [
    (UInt8(0x0D), Key.enter), (0x0A, .enter), (0x09, .tab), (0x7F, .backspace),
    (0x08, .backspace), (0x01, .home), (0x05, .end), (0x02, .left), (0x06, .right),
    (0x10, .up), (0x0E, .down), (0x03, .interrupt), (0x04, .endOfFile), (0x0B, .killToEnd),
    (0x0C, .redraw), (0x15, .killToStart), (0x17, .deleteWord), (0x07, .unknown("^G")),
  ])
  func controlBytes(byte: UInt8, key: Key) {
    var decoder = KeyDecoder()
    #expect(decoder.feed([byte]) == [key])
  }

  @Test(arguments: [
    ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
    ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
    ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab), ("\u{1B}[1;5C", .wordRight),
    ("\u{1B}[1;5D", .wordLeft), ("\u{1B}[1;3D", .wordLeft), ("\u{1B}b", .wordLeft),
    ("\u{1B}f", .wordRight), ("\u{1B}\u{7F}", .deleteWord), ("\u{1B}[5~", .unknown("ESC[5~")),
    ("\u{1B}[1;5A", .up),
  ])
  func escapeSequences(sequence: String, key: Key) {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array(sequence.utf8)) == [key])
    #expect(!decoder.hasPending)
  }

  @Test func loneEscapeWaitsForTheTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.hasPending)
  }

  @Test func escapeSequenceSplitAcrossReadsIsOneKey() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.feed(Array("[".utf8)).isEmpty)
    #expect(decoder.feed(Array("3~x".utf8)) == [.delete, .text("x")])
  }

  @Test func escapeFollowedByAKeyIsEscapeThenTheKey() {
    #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
    #expect(keys("\u{1B}x") == [.escape, .text("x")])
  }

  @Test func mixedInputKeepsItsOrder() {
    #expect(
      keys("@jo\u{1B}[B\t hi\r") == [
        .text("@jo"), .down, .tab, .text(" hi"), .enter,
      ])
  }

  @Test func bracketedPasteIsOneTextKeyWithItsLineBreaks() {
    #expect(
      keys("a\u{1B}[200~one\r\ntwo\u{1B}[A\u{1B}[201~\r") == [
        .text("aone\r\ntwo\u{1B}[A"), .enter,
      ])
  }

  @Test func bracketedPasteSplitAcrossReadsWaitsForItsEnd() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~hel".utf8)).isEmpty)
    #expect(decoder.feed(Array("lo\u{1B}[20".utf8)).isEmpty)
    #expect(decoder.feed(Array("1~".utf8)) == [.text("hello")])
    #expect(decoder.feed(Array("\u{1B}[200~cut".utf8)).isEmpty)
    #expect(decoder.flush() == [.text("cut")])
  }
}
