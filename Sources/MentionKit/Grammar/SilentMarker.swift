/// The silent mention marker: `_` right after a mention's delimiter (`@_ana`, Zulip's
/// syntax) marks a mention shown as a mention but notifying nobody.
///
/// One rule for the resolver, which resolves `@_ana` to `ana`, and the trigger detector, whose
/// query for `@_an` is `an`.
enum SilentMarker {
  /// The marker, `_`.
  static let marker: Unicode.Scalar = "_"

  /// The handle a silent mention's value names (`ana` for `_ana`), or `nil` when the value
  /// does not start with the marker or holds nothing more.
  static func handle(in value: String) -> Substring? {
    guard value.unicodeScalars.first == marker, value.utf8.count > 1 else { return nil }
    return value.dropFirst()
  }
}
