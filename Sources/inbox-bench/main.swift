import Foundation
import InboxModel
import InboxCore

// inbox-bench: the benchmark's own tools, kept out of the product.
//   inbox-bench generate N        deterministic NDJSON corpus of N notifications on stdout
//   inbox-bench parse FILE...     parser-only throughput (in-process, best of 3)

/// The corpus's draws, from a seeded generator: the same corpus on every machine.
extension SeededGenerator {
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

let titles = ["Weekend flash sale", "Your order has shipped", "New episode available", "Back in stock",
              "Rate your delivery", "Pick your favourite look", "Your boarding pass", "Spring is here", ""]
let bodies = ["Everything in the outlet is 30% off until Sunday midnight.",
              "Your order #4821 has shipped and arrives Thursday.",
              "Season 2, episode 5 of The Garden Hour is out now.",
              "The trail runners you saved are back in your size.", "How did we do? It takes ten seconds.", ""]

func image(_ rng: inout SeededGenerator) -> String {
    rng.pick(["https://cdn.example.com/inbox/\(rng.below(9999)).jpg", "http://cdn.example.com/i/\(rng.below(99)).png",
              "cdn.example.com/no-scheme.png", ""])
}

func buttons(_ rng: inout SeededGenerator) -> String {
    let all = [#"{"title":"Shop now","url":"https://shop.example.com/p/\#(rng.below(999))"}"#,
               #"{"title":"Later","action":"dismiss"}"#, #"{"title":"Read","action":"markRead"}"#,
               #"{"title":"Save","action":"custom","id":"save-\#(rng.below(99))"}"#,
               #"{"title":"Open","url":"shop.example.com/x"}"#, #"{"title":"","url":"https://x.example.com"}"#]
    let count = rng.below(5)
    return "[" + (0..<count).map { _ in rng.pick(all) }.joined(separator: ",") + "]"
}

func customData(_ rng: inout SeededGenerator) -> String {
    var members: [String] = []
    let kind = rng.pick(["banner", "captioned", "classic", "carousel", "video", "wallet", "Carousel", "stories", nil])
    if let kind { members.append(#""displayType":"\#(kind)""#) }
    switch kind?.lowercased() {
    case "carousel":
        let slides = (0..<rng.below(8)).map { i in
            #"{"image":"\#(rng.below(4) == 0 ? "" : "https://cdn.example.com/s/\(i).jpg")","title":"Slide \#(i)","url":"https://shop.example.com/\#(i)"}"#
        }
        members.append(#""carousel":[\#(slides.joined(separator: ","))]"#)
    case "video":
        members.append(#""video":{"url":"\#(rng.pick(["https://v.example.com/a.mp4", "file:///tmp/a.mp4", ""]))","poster":"https://v.example.com/a.jpg"}"#)
    case "wallet":
        members.append(#""wallet":"\#(rng.pick(["https://wallet.example.com/p.pkpass", "ftp://x.example.com/p", ""]))""#)
    default: break
    }
    if rng.below(2) == 0 { members.append(#""buttons":\#(buttons(&rng))"#) }
    if rng.below(5) == 0 { members.append(#""pinned":\#(rng.pick(["true", "1", "\"true\"", "0"]))"#) }
    if rng.below(4) == 0 { members.append(#""image":"\#(image(&rng))""#) }
    members.append(#""campaign":"bench-\#(rng.below(50))""#)
    return "{" + members.joined(separator: ",") + "}"
}

func notification(_ rng: inout SeededGenerator) -> String {
    var members = [#""send_date":"now""#, #""ios_title":\#(JSONText.quote(rng.pick(titles)))"#,
                   #""content":\#(JSONText.quote(rng.pick(bodies)))"#]
    if rng.below(3) != 0 { members.append(#""inbox_image":"\#(image(&rng))""#) }
    members.append(rng.below(10) == 0 ? #""inbox_days":45"# : #""inbox_days":\#(1 + rng.below(30))"#)
    members.append(rng.pick([#""platforms":[1]"#, #""platforms":[1,3]"#, #""platforms":[3]"#]))
    let data = customData(&rng)
    members.append(rng.below(3) == 0 ? #""data":\#(JSONText.quote(data))"# : #""data":\#(data)"#)
    if rng.below(20) == 0 {
        members.append(#""ios_category_custom":"PW_STORIES","ios_root_params":{"aps":{"mutable-content":1},"pw_stories":{"pages":[{"image":"https://cdn.example.com/st/1.jpg","duration":4},{"image":"https://cdn.example.com/st/2.jpg","link":"https://shop.example.com","button_title":"Shop"}]}}"#)
    }
    return "{" + members.joined(separator: ",") + "}"
}

func generate(_ count: Int) {
    var rng = SeededGenerator(state: 20_261_129)
    var out = ""
    out.reserveCapacity(1 << 20)
    for index in 0..<count {
        // One line in 500 is broken, as real exports sometimes are.
        out += index % 500 == 499 ? #"{"ios_title":"cut off","content":"#  : notification(&rng)
        out += "\n"
        if out.utf8.count > 1 << 20 {
            FileHandle.standardOutput.write(Data(out.utf8))
            out.removeAll(keepingCapacity: true)
        }
    }
    FileHandle.standardOutput.write(Data(out.utf8))
}

func parseThroughput(_ paths: [String]) {
    for path in paths {
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
            exit(2)
        }
        let bytes = [UInt8](data)
        var lines: [[UInt8]] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(Array(bytes[start..<index]))
            start = index + 1
        }
        var best = Double.infinity
        var documents = 0
        for _ in 0..<3 {
            let begin = DispatchTime.now().uptimeNanoseconds
            documents = 0
            for line in lines {
                if case .success = JSONDocument.parse(line) { documents += 1 }
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
        }
        let megabytes = Double(bytes.count) / 1_000_000
        print(String(format: "parse %@: %.1f MB in %.3f s = %.1f MB/s, %d documents parsed of %d lines",
                     path, megabytes, best, megabytes / best, documents, lines.count))
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "generate":
    generate(arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000)
case "parse":
    parseThroughput(Array(arguments.dropFirst()))
default:
    FileHandle.standardError.write(Data("usage: inbox-bench generate N | parse FILE...\n".utf8))
    exit(2)
}
