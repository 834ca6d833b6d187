/// Writes JSON text (RFC 8259), compact or indented, with object keys in the order written.
///
/// ```swift
/// var json = JSONWriter()
/// json.beginObject()
/// json.key("name")
/// json.string("Zoë \"Z\"")
/// json.key("ids")
/// json.beginArray()
/// json.integer(1)
/// json.integer(2)
/// json.endArray()
/// json.endObject()
/// json.output  // {"name":"Zoë \"Z\"","ids":[1,2]}
/// ```
///
/// With `indentation: 2`, every member and element is on a line of its own, indented two spaces
/// a level, a key followed by `": "`; an empty object or array stays `{}` or `[]`.
package struct JSONWriter {
  /// The text written so far.
  package private(set) var output = ""

  private let indentation: Int?
  /// For each open object or array: whether it is an object, and how many values it holds.
  private var open: [(isObject: Bool, count: Int)] = []
  /// Whether a key was written and its value has not been.
  private var awaitsValue = false

  /// A writer; `indentation` spaces a level, or `nil` for compact output on one line.
  package init(indentation: Int? = nil) {
    self.indentation = indentation
  }

  /// Starts an object.
  package mutating func beginObject() {
    beginValue()
    output += "{"
    open.append((true, 0))
  }

  /// Ends the innermost object.
  package mutating func endObject() {
    precondition(open.last?.isObject == true && !awaitsValue, "no object to end")
    endContainer("}")
  }

  /// Starts an array.
  package mutating func beginArray() {
    beginValue()
    output += "["
    open.append((false, 0))
  }

  /// Ends the innermost array.
  package mutating func endArray() {
    precondition(open.last?.isObject == false, "no array to end")
    endContainer("]")
  }

  /// Writes an object member's key; its value comes next.
  package mutating func key(_ name: String) {
    precondition(open.last?.isObject == true && !awaitsValue, "a key outside an object")
    startElement()
    Self.appendString(name, to: &output)
    output += indentation == nil ? ":" : ": "
    awaitsValue = true
  }

  /// Writes a string.
  package mutating func string(_ text: String) {
    beginValue()
    Self.appendString(text, to: &output)
  }

  /// Writes an integer.
  package mutating func integer(_ value: Int) {
    beginValue()
    output += String(value)
  }

  /// Writes a number in Swift's shortest round-trip form, or `null` when it is not finite
  /// (JSON has no infinities and no NaN).
  package mutating func number(_ value: Double) {
    guard value.isFinite else { return null() }
    beginValue()
    output += value.description
  }

  /// Writes a number already formatted, such as `"2.51"` or `"1.2e-4"`.
  ///
  /// - Precondition: `literal` is a JSON number (RFC 8259, section 6).
  package mutating func number(literal: String) {
    precondition(Self.isNumber(literal), "not a JSON number: \(literal)")
    beginValue()
    output += literal
  }

  /// Writes `true` or `false`.
  package mutating func bool(_ value: Bool) {
    beginValue()
    output += value ? "true" : "false"
  }

  /// Writes `null`.
  package mutating func null() {
    beginValue()
    output += "null"
  }

  private mutating func beginValue() {
    if awaitsValue {
      awaitsValue = false
    } else if !open.isEmpty {
      precondition(open[open.count - 1].isObject == false, "a value without a key in an object")
      startElement()
    } else {
      precondition(output.isEmpty, "a second value at the top level")
    }
  }

  /// A separator and, when indented, a new line, before an element or a member.
  private mutating func startElement() {
    if open[open.count - 1].count > 0 { output += "," }
    open[open.count - 1].count += 1
    if let indentation {
      output += "\n" + String(repeating: " ", count: indentation * open.count)
    }
  }

  private mutating func endContainer(_ closing: String) {
    let container = open.removeLast()
    if let indentation, container.count > 0 {
      output += "\n" + String(repeating: " ", count: indentation * open.count)
    }
    output += closing
  }

  /// Appends `text` as a JSON string literal.
  ///
  /// Escapes what RFC 8259 requires — `"`, `\` and U+0000…U+001F — with the short forms `\n`
  /// `\r` `\t` where JSON has them (others as `\u00XX`, lower-case hex), and U+2028 and U+2029,
  /// which JavaScript before ES2019 does not allow in a string literal. Every other character is
  /// written as itself.
  ///
  /// ```swift
  /// JSONWriter.appendString("a\"b\n\u{1}é", to: &out)  // "a\"b\n\u0001é"
  /// ```
  package static func appendString(_ text: String, to output: inout String) {
    var bytes: [UInt8] = []
    appendString(text, to: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text` as a JSON string literal, in UTF-8, escaped as
  /// ``appendString(_:to:)-(_,String)`` does: the form for writers that collect bytes.
  package static func appendString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    appendEscaped(text, to: &output)
    output.append(UInt8(ascii: "\""))
  }

  /// Appends the escaped UTF-8 of `text` without the quotes around it, so that several texts
  /// can make one string literal.
  package static func appendEscaped(_ text: String, to output: inout [UInt8]) {
    if let done = text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, to: &output) }) {
      return done
    }
    var copy = text
    copy.withUTF8 { appendEscaped($0, to: &output) }
  }

  /// Appends escaped UTF-8 (valid UTF-8, as a `String` holds): the runs between escapes are
  /// copied whole.
  package static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    let count = bytes.count
    var run = 0
    var index = 0
    while index < count {
      let byte = bytes[index]
      // At or above `#`, only `\` and the first byte of U+2028 and U+2029 may need an escape.
      if byte >= 0x23 && byte != 0x5C && byte != 0xE2 || byte == 0x20 || byte == 0x21 {
        index += 1
        continue
      }
      var length = 1
      if byte == 0xE2 {
        guard index + 2 < count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 else {
          index += 1
          continue
        }
        length = 3
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
      output.append(UInt8(ascii: "\\"))
      switch byte {
      case 0x22, 0x5C: output.append(byte)
      case 0x0A: output.append(UInt8(ascii: "n"))
      case 0x0D: output.append(UInt8(ascii: "r"))
      case 0x09: output.append(UInt8(ascii: "t"))
      case 0xE2:
        // U+2028 or U+2029.
        output.append(contentsOf: [0x75, 0x32, 0x30, 0x32, bytes[index + 2] == 0xA8 ? 0x38 : 0x39])
      default:
        let hex: (UInt8) -> UInt8 = { $0 < 10 ? 0x30 + $0 : 0x61 + $0 - 10 }
        output.append(contentsOf: [0x75, 0x30, 0x30, hex(byte >> 4), hex(byte & 0xF)])
      }
      index += length
      run = index
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<count]))
  }

  /// Whether `text` is a JSON number: `-`? then `0` or a digit 1–9 and digits, then an
  /// optional `.` and digits, then an optional `e` or `E`, sign, and digits.
  static func isNumber(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    func digits() -> Int {
      let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    if bytes.first == UInt8(ascii: "0") {
      bytes = bytes.dropFirst()
    } else if digits() == 0 {
      return false
    }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      if digits() == 0 { return false }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
        bytes = bytes.dropFirst()
      }
      if digits() == 0 { return false }
    }
    return bytes.isEmpty
  }
}
