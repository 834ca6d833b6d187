/// The groups of the embedded directory, in the `--groups` file format: each member is a user
/// of `EmbeddedDirectory.usersTSV`. They are used only with the embedded users.
enum EmbeddedGroups {
  /// `team` (5 people), `design` (3) and `oncall` (1).
  static let tsv = """
    handle\tmembers
    team\tU0000283,U0002169,U0000561,U0002760,U0005300
    design\tU0000015,U0002212,U0003562
    oncall\tU0001297

    """
}
