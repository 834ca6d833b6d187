enum AdversarialBenchmark {
  static func run(corpusLines: [String]) -> Report { Report(key: "adversarial", title: "todo") }
}
