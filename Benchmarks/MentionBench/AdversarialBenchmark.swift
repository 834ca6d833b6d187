import MentionKit

/// Section "adversarial": ~1 MB worst-case inputs. Extraction with each profile, compared with
/// ordinary chat text of the same size (worst/ordinary), and the time at 1 MB over the time at
/// 512 KB (about 2 when the cost is linear); then detection at a cursor at the end of each input.
enum AdversarialBenchmark {
  static let size = 1 << 20

  static func run(corpusLines: [String]) -> Report {
    var report = Report(key: "adversarial", title: "Adversarial inputs (~1 MB each)")
    let profiles: [(key: String, extractor: EntityExtractor)] = [
      ("twitter", EntityExtractor(profile: .twitter)),
      ("chat", EntityExtractor(profile: .chat)),
    ]
    let inputs = AdversarialInputs.make(size: size)
    let halves = AdversarialInputs.make(size: size / 2)
    report.note(
      "worst/ordinary = extraction time of the input ÷ time of ordinary corpus text of the same "
        + "size; 1MB/512KB = time at 1 MB ÷ time at 512 KB (≈ 2 when linear)")

    var extraction = Report(key: "extraction", title: "extraction")
    for (n, input) in inputs.enumerated() {
      let bytes = input.text.utf8.count
      let ordinary = AdversarialInputs.ordinary(from: corpusLines, size: bytes)
      for (profile, extractor) in profiles {
        let key = "\(input.key)_\(profile)"
        // A guard for the 3-minute budget: a superlinear scanner shows at 512 KB already.
        let halfTime = time(extractor, halves[n].text, repetitions: 3)
        if halfTime > 2_000_000_000 {
          extraction.add(
            "\(key)_half_size_milliseconds", "\(input.label), \(profile): 512 KB (skipped 1 MB)",
            Double(halfTime) / 1e6, "ms")
          extraction.failures.append("\(input.label), \(profile): > 2 s at 512 KB")
          continue
        }
        let worst = time(extractor, input.text, repetitions: 3)
        let baseline = time(extractor, ordinary, repetitions: 3)
        extraction.add(
          "\(key)_milliseconds", "\(input.label), \(profile)", Double(worst) / 1e6, "ms")
        extraction.add(
          "\(key)_worst_over_ordinary", "  worst/ordinary", Double(worst) / Double(baseline))
        extraction.add(
          "\(key)_doubling_ratio", "  1MB/512KB", Double(worst) / Double(halfTime))
      }
    }
    report.add(extraction)

    var detection = Report(key: "detection", title: "detection at the end of each input")
    let triggers: [Trigger] = [.mention, .hashtag]
    let manager = MentionManager(triggers: [.mention, .hashtag])
    let ordinary = AdversarialInputs.ordinary(from: corpusLines, size: size)
    func detectionTimes(_ text: String) -> (index: UInt64, utf16: UInt64, manager: UInt64) {
      let utf16Offset = text.utf16.count
      let index = median(7) { _ = MentionQuery(in: text, triggers: triggers) }
      let utf16 = median(7) {
        _ = MentionQuery(in: text, utf16Offset: utf16Offset, triggers: triggers)
      }
      let managed = median(7) { manager.setText(text) }
      return (index, utf16, managed)
    }
    let base = detectionTimes(ordinary)
    detection.add(
      "ordinary_detect_microseconds", "ordinary text: MentionQuery(in:triggers:)",
      Double(base.index) / 1e3, "µs")
    detection.add(
      "ordinary_detect_utf16_microseconds", "ordinary text: MentionQuery(in:utf16Offset:triggers:)",
      Double(base.utf16) / 1e3, "µs")
    detection.add(
      "ordinary_manager_process_microseconds", "ordinary text: MentionManager.setText",
      Double(base.manager) / 1e3, "µs")
    var slowest = (label: "", micros: 0.0)
    for input in inputs {
      let times = detectionTimes(input.text)
      detection.add(
        "\(input.key)_detect_microseconds", "\(input.label): MentionQuery(in:triggers:)",
        Double(times.index) / 1e3, "µs")
      detection.add(
        "\(input.key)_detect_utf16_microseconds", "  MentionQuery(in:utf16Offset:triggers:)",
        Double(times.utf16) / 1e3, "µs")
      detection.add(
        "\(input.key)_manager_process_microseconds", "  MentionManager.setText",
        Double(times.manager) / 1e3, "µs")
      let worst = Double(max(times.index, times.utf16, times.manager)) / 1e3
      if worst > slowest.micros { slowest = (input.label, worst) }
    }
    detection.note(
      "slowest detection: \(Report.formatNumber(slowest.micros)) µs (\(slowest.label))")
    _ = manager.send()
    report.add(detection)
    return report
  }

  /// The fastest of `repetitions` extractions of the text, in nanoseconds.
  static func time(_ extractor: EntityExtractor, _ text: String, repetitions: Int) -> UInt64 {
    var count = 0
    let fastest = Timing.fastest(of: repetitions) {
      count &+= extractor.extract(text).entities.count
    }
    return fastest &+ UInt64(count & 0)
  }

  /// The median of `count` runs, in nanoseconds.
  static func median(_ count: Int, _ body: () -> Void) -> UInt64 {
    var samples: [UInt64] = []
    for _ in 0..<count {
      let ((), elapsed) = Timing.measure(body)
      samples.append(elapsed)
    }
    return samples.sorted()[count / 2]
  }
}
