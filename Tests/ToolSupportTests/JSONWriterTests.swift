import Testing

@testable import ToolSupport

struct JSONWriterTests {
  private func quoted(_ text: String) -> String {
    var out = ""
    JSONWriter.appendString(text, to: &out)
    return out
  }

  /// RFC 8259, section 7: `"` and `\` and U+0000…U+001F must be escaped.
  @Test func escapesWhatRFC8259Requires() {
    #expect(quoted(#"a"b\c"#) == #""a\"b\\c""#)
    #expect(quoted("\n\r\t") == #""\n\r\t""#)
    #expect(quoted("\u{0}\u{8}\u{C}\u{1B}\u{1F}") == #""\u0000\u0008\u000c\u001b\u001f""#)
    for value in UInt32(0)..<0x20 {
      let text = quoted(String(Unicode.Scalar(value)!))
      #expect(!text.unicodeScalars.contains { $0.value < 0x20 }, "U+\(value)")
      #expect(text.hasPrefix(#""\"#), "U+\(value)")
    }
  }

  /// Everything else may be written as itself (RFC 8259, section 7), and is, except the two
  /// line separators that JavaScript before ES2019 rejects in a string.
  @Test func writesOtherCharactersAsThemselves() {
    #expect(quoted(" /~\u{7F}é€") == "\" /~\u{7F}é€\"")
    // RFC 8259's example of a character outside the BMP, G clef U+1D11E, written as UTF-8.
    #expect(quoted("\u{1D11E}") == "\"\u{1D11E}\"")
    #expect(quoted("a\u{2028}b\u{2029}") == #""a\u2028b\u2029""#)
    #expect(quoted("") == #""""#)
  }

  /// The byte form escapes exactly as the `String` form: runs of plain text between escapes,
  /// an escape at either end, other characters that start with the byte of U+2028 (E2), and
  /// U+2028 cut short at the end of a byte buffer.
  @Test func bytesAreEscapedAsText() {
    let texts = [
      "", "plain", "\"start", "end\\", "a\u{1}b\u{1F}c\td", "€ ‧ \u{2027}\u{202A}", "x\u{2028}",
      "\u{2029}y", "日本語 \"q\" 😀",
    ]
    for text in texts {
      var bytes: [UInt8] = []
      JSONWriter.appendString(text, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == quoted(text), "\(text.debugDescription)")
    }
    #expect(quoted("€ \u{2027}\u{202A}") == "\"€ \u{2027}\u{202A}\"")
    #expect(quoted("a\u{1}b\u{1F}c") == #""a\u0001b\u001fc""#)
    var cut: [UInt8] = []
    [0x61, 0xE2, 0x80].withUnsafeBufferPointer { JSONWriter.appendEscaped($0, to: &cut) }
    #expect(cut == [0x61, 0xE2, 0x80])
  }

  /// RFC 8259, section 13: the example object, written compactly.
  @Test func writesTheRFCExampleCompactly() {
    var json = JSONWriter()
    json.beginObject()
    json.key("Image")
    json.beginObject()
    json.key("Width")
    json.integer(800)
    json.key("Height")
    json.integer(600)
    json.key("Title")
    json.string("View from 15th Floor")
    json.key("Thumbnail")
    json.beginObject()
    json.key("Url")
    json.string("http://www.example.com/image/481989943")
    json.key("Height")
    json.integer(125)
    json.key("Width")
    json.integer(100)
    json.endObject()
    json.key("Animated")
    json.bool(false)
    json.key("IDs")
    json.beginArray()
    for id in [116, 943, 234, 38793] { json.integer(id) }
    json.endArray()
    json.endObject()
    json.endObject()
    #expect(
      json.output
        == #"{"Image":{"Width":800,"Height":600,"Title":"View from 15th Floor","#
        + #""Thumbnail":{"Url":"http://www.example.com/image/481989943","Height":125,"#
        + #""Width":100},"Animated":false,"IDs":[116,943,234,38793]}}"#)
  }

  @Test func indentsMembersAndElements() {
    var json = JSONWriter(indentation: 2)
    json.beginObject()
    json.key("a")
    json.number(literal: "2.51")
    json.key("b")
    json.beginArray()
    json.string("x")
    json.null()
    json.endArray()
    json.key("c")
    json.beginObject()
    json.endObject()
    json.key("d")
    json.beginArray()
    json.endArray()
    json.endObject()
    #expect(
      json.output == """
        {
          "a": 2.51,
          "b": [
            "x",
            null
          ],
          "c": {},
          "d": []
        }
        """)
  }

  @Test func writesNumbersAndNonFiniteAsNull() {
    var json = JSONWriter()
    json.beginArray()
    json.number(2.5)
    json.number(-0.125)
    json.number(.infinity)
    json.number(.nan)
    json.integer(-7)
    json.bool(true)
    json.endArray()
    #expect(json.output == "[2.5,-0.125,null,null,-7,true]")
  }

  /// RFC 8259, section 6: `-`? int frac? exp?, where int is `0` or a digit 1–9 and digits.
  @Test(arguments: ["0", "-0", "7", "10", "1.5", "-0.001", "1e10", "1E+2", "2.5e-4", "-0.0e-0"])
  func acceptsJSONNumbers(_ literal: String) {
    #expect(JSONWriter.isNumber(literal))
  }

  @Test(arguments: [
    "", "-", "01", "+1", ".5", "1.", "1e", "1e+", "1.e5", "NaN", "Infinity", "0x10", "1 ", "١",
  ])
  func rejectsOtherText(_ literal: String) {
    #expect(!JSONWriter.isNumber(literal))
  }
}
