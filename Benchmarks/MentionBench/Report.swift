import ToolSupport

/// One section's figures, printed as text or as JSON from the same values.
///
/// A report is an ordered list of figures, notes and nested reports. Text output prints each
/// figure as `label  value unit`; JSON output prints one object whose keys are the figures' keys.
struct Report {
  /// A JSON value with ordered object keys.
  enum Value {
    case number(Double)
    case integer(Int)
    case text(String)
    case flag(Bool)
    case list([Value])
    case object([(String, Value)])
  }

  enum Item {
    case figure(key: String, label: String, value: Value, unit: String)
    case note(String)
    case child(Report)
  }

  var key: String
  var title: String
  var items: [Item] = []
  /// Checks that failed: printed, and they make the benchmark exit non-zero.
  var failures: [String] = []

  init(key: String, title: String) {
    self.key = key
    self.title = title
  }

  mutating func add(_ key: String, _ label: String, value: Value, _ unit: String = "") {
    items.append(.figure(key: key, label: label, value: value, unit: unit))
  }

  mutating func add(_ key: String, _ label: String, _ value: Double, _ unit: String = "") {
    add(key, label, value: .number(value), unit)
  }

  mutating func add(_ key: String, _ label: String, _ value: Int, _ unit: String = "") {
    add(key, label, value: .integer(value), unit)
  }

  mutating func add(_ key: String, _ label: String, text value: String) {
    items.append(.figure(key: key, label: label, value: .text(value), unit: ""))
  }

  mutating func add(_ key: String, _ label: String, flag value: Bool) {
    items.append(.figure(key: key, label: label, value: .flag(value), unit: ""))
  }

  mutating func note(_ text: String) { items.append(.note(text)) }

  mutating func add(_ child: Report) {
    items.append(.child(child))
    failures += child.failures.map { "\(child.title): \($0)" }
  }

  /// All failures, including those of nested reports.
  var allFailures: [String] { failures }

  // MARK: - Text

  func text(depth: Int = 0) -> String {
    let indent = String(repeating: "  ", count: depth)
    var lines: [String] = []
    lines.append(depth == 0 ? "== \(title) ==" : "\(indent)-- \(title)")
    for item in items {
      switch item {
      case .figure(_, let label, let value, let unit):
        let padded =
          label.count < 52 ? label + String(repeating: " ", count: 52 - label.count) : label
        lines.append("\(indent)  \(padded) \(Self.format(value))\(unit.isEmpty ? "" : " " + unit)")
      case .note(let text):
        lines.append("\(indent)  · \(text)")
      case .child(let child):
        lines.append(child.text(depth: depth + 1))
      }
    }
    for failure in failures where depth == 0 {
      lines.append("  FAILED: \(failure)")
    }
    return lines.joined(separator: "\n")
  }

  static func format(_ value: Value) -> String {
    switch value {
    case .number(let number): return formatNumber(number)
    case .integer(let integer): return String(integer)
    case .text(let text): return text
    case .flag(let flag): return flag ? "yes" : "no"
    case .list(let values): return values.map(format).joined(separator: ", ")
    case .object(let pairs): return pairs.map { "\($0.0)=\(format($0.1))" }.joined(separator: " ")
    }
  }

  /// Three significant figures; scientific notation below 0.001.
  static func formatNumber(_ number: Double) -> String {
    guard number.isFinite else { return number.isNaN ? "n/a" : "inf" }
    let magnitude = abs(number)
    if magnitude == 0 { return "0" }
    if magnitude < 0.001 {
      var exponent = 0
      var mantissa = magnitude
      while mantissa < 1 {
        mantissa *= 10
        exponent -= 1
      }
      return (number < 0 ? "-" : "") + formatNumber(mantissa) + "e\(exponent)"
    }
    let decimals: Int
    switch magnitude {
    case 100...: decimals = 0
    case 10..<100: decimals = 1
    case 1..<10: decimals = 2
    case 0.1..<1: decimals = 3
    default: decimals = 4
    }
    var scaled = (number * pow10(decimals)).rounded() / pow10(decimals)
    if scaled == 0 { scaled = 0 }
    if decimals == 0 { return String(Int(scaled)) }
    let whole = Int(scaled)
    var fraction = String(Int((abs(scaled - Double(whole)) * pow10(decimals)).rounded()))
    while fraction.count < decimals { fraction = "0" + fraction }
    let sign = scaled < 0 && whole == 0 ? "-" : ""
    return "\(sign)\(whole).\(fraction)"
  }

  private static func pow10(_ n: Int) -> Double {
    var value = 1.0
    for _ in 0..<n { value *= 10 }
    return value
  }

  // MARK: - JSON

  var jsonValue: Value {
    var pairs: [(String, Value)] = [("title", .text(title))]
    var notes: [Value] = []
    for item in items {
      switch item {
      case .figure(let key, _, let value, _): pairs.append((key, value))
      case .note(let text): notes.append(.text(text))
      case .child(let child): pairs.append((child.key, child.jsonValue))
      }
    }
    if !notes.isEmpty { pairs.append(("notes", .list(notes))) }
    pairs.append(("failures", .list(failures.map { .text($0) })))
    return .object(pairs)
  }

  /// The value as indented JSON (two spaces a level), numbers as the text report writes them.
  static func json(_ value: Value) -> String {
    var writer = JSONWriter(indentation: 2)
    write(value, to: &writer)
    return writer.output
  }

  private static func write(_ value: Value, to writer: inout JSONWriter) {
    switch value {
    case .number(let number):
      if number.isFinite { writer.number(literal: formatNumber(number)) } else { writer.null() }
    case .integer(let integer): writer.integer(integer)
    case .text(let text): writer.string(text)
    case .flag(let flag): writer.bool(flag)
    case .list(let values):
      writer.beginArray()
      for value in values { write(value, to: &writer) }
      writer.endArray()
    case .object(let pairs):
      writer.beginObject()
      for (key, value) in pairs {
        writer.key(key)
        write(value, to: &writer)
      }
      writer.endObject()
    }
  }
}
