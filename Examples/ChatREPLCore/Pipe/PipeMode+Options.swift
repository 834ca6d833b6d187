import MentionKit

extension PipeMode {
  /// Pipe mode as the command line sets it up: the groups of `--groups` loaded (a bad file is
  /// reported on stderr, naming the file and line, and gives `nil`), the resolver and the
  /// notifier for `--sender` and `--role`.
  static func make(options: Options, directory: Directory) -> PipeMode? {
    let policy = NotificationPolicy()
    guard
      let groups = ChatREPLApp.groups(
        options: options, directory: directory, policy: policy, embedded: false)
    else { return nil }
    let handles = HandleTable(
      directory: directory, mentionLimit: options.maxMentions, groups: groups)
    let notifier = Notifier(
      policy: policy, directory: handles.users, sender: options.sender, role: options.role,
      members: directory.users.map(\.id))
    return PipeMode(
      analyzer: ExtractorAnalyzer(profile: options.profile, handles: handles),
      formatter: BasicFormatter(), format: options.format ?? .plain, notifier: notifier,
      pairsEdits: options.pairsEdits)
  }
}
