/// Latin spellings of a field in another script or with letters a keyboard lacks, computed when
/// an item is indexed (never per keystroke).
///
/// Each spelling is indexed like a field: its later words are keys too.
enum Transliteration {
  /// The Latin spellings of `field` that differ from its plain fold, at most a few, without
  /// duplicates; empty when the field has none.
  ///
  /// Provisional rules: German `ue`/`oe`/`ae` for `ü`/`ö`/`ä`, Nordic `oe`/`aa` for `ø`/`å`.
  static func spellings(of field: String) -> [String] {
    var spelled = ""
    var changed = false
    for scalar in field.lowercased().unicodeScalars {
      switch scalar {
      case "ü":
        spelled += "ue"
        changed = true
      case "ö", "ø":
        spelled += "oe"
        changed = true
      case "ä", "æ":
        spelled += "ae"
        changed = true
      case "å":
        spelled += "aa"
        changed = true
      default: spelled.unicodeScalars.append(scalar)
      }
    }
    return changed ? [spelled] : []
  }
}
