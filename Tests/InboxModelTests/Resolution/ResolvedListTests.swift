import Dispatch
import XCTest
@testable import InboxModel

/// A resolution's lists are regions of one buffer (`ListArena`), read through
/// `ResolvedList` views: they must read like the arrays they replaced.
final class ResolvedListTests: JSONTestCase {
    func testRegionsReadLikeArrays() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 200 {
            let capacities = (0 ..< Int.random(in: 1 ... 4, using: &generator)).map { _ in Int.random(in: 0 ... 20, using: &generator) }
            var arena = ListArena(byteCount: capacities.reduce(0) { $0 + ListArena.bytes(Int.self, $1) })
            var written: [(list: ResolvedList<Int>, array: [Int])] = []
            for capacity in capacities {
                var writer = arena.region(Int.self, capacity: capacity)
                let array = (0 ..< Int.random(in: 0 ... capacity, using: &generator)).map { _ in Int.random(in: -999 ... 999, using: &generator) }
                for value in array { writer.append(value) }
                written.append((writer.list, array))
            }
            withExtendedLifetime(arena.storage) {
                for (list, array) in written {
                    XCTAssertEqual(list.count, array.count)
                    XCTAssertEqual(list.isEmpty, array.isEmpty)
                    XCTAssertEqual(Array(list), array)
                    XCTAssertEqual(list.indices, array.indices)
                    for split in 0 ... array.count + 1 {
                        XCTAssertEqual(Array(list.leading(split)), Array(array.prefix(split)))
                        XCTAssertEqual(Array(list.dropping(first: split)), Array(array.dropFirst(split)))
                    }
                }
            }
        }
        XCTAssertEqual(Array(ResolvedList<Int>()), [])
        XCTAssertNil(ListArena(byteCount: 0).storage)
    }

    /// Arenas taken in turn share the thread's chunk until it is full, then a new one;
    /// large ones get a buffer of their own. Every list reads back what was written into
    /// it while its arena's storage is kept, whatever was taken after it, on any thread.
    func testArenasTakenInTurnKeepTheirElements() {
        @Sendable func fill(rounds: Int, seed: Int) {
            var kept: [(storage: ListStorage?, list: ResolvedList<Int>, array: [Int])] = []
            for round in 0 ..< rounds {
                // Mostly small lists, some larger than a chunk shares, some empty.
                let capacity = round % 17 == 0 ? ListChunk.largestShared / 8 + round % 5 : (round * 7 + seed) % 40
                var arena = ListArena(byteCount: ListArena.bytes(Int.self, capacity))
                var writer = arena.region(Int.self, capacity: capacity)
                let array = (0 ..< capacity).map { $0 * 31 + round * 1000 + seed }
                for value in array { writer.append(value) }
                kept.append((arena.storage, writer.list, array))
                // Lists are dropped now and then, so chunks are freed while others are kept.
                if round % 5 == 4 { kept.remove(at: kept.count / 2) }
            }
            for (storage, list, array) in kept {
                withExtendedLifetime(storage) { XCTAssertEqual(Array(list), array) }
            }
        }
        fill(rounds: 600, seed: 1)
        DispatchQueue.concurrentPerform(iterations: 4) { fill(rounds: 300, seed: $0 + 2) }
    }

    /// Long carousels and button lists, with elements dropped between the kept ones, keep
    /// every element in order in their regions, with the URL sites of each.
    func testLongListsKeepEveryElementInOrder() throws {
        for count in [0, 1, 4, 5, 8, 9, 16, 17, 30] {
            let slides = (0 ..< count).map { #"{"image": "https://cdn.example.com/\#($0).jpg", "url": "https://shop.example.com/\#($0)"}"# }
            let buttons = (0 ..< count).map { #"{"title": "B\#($0)", "url": "https://example.com/\#($0)"}"# }
            // Each kept element is followed by one the SDK drops.
            let json = #"{"ios_title": "A", "content": "b", "data": {"displayType": "carousel", "carousel": ["#
                + slides.map { $0 + ", 7" }.joined(separator: ",") + #"], "buttons": ["#
                + buttons.map { $0 + ", 7" }.joined(separator: ",") + "]}}"
            let document = Inspector(options: InspectionOptions(profile: .v7_1)).inspect(Array(json.utf8), source: "t.json")
            let resolution = try XCTUnwrap(document.messages.first?.resolution)
            let carousel = try XCTUnwrap(resolution.carousel)
            XCTAssertEqual(carousel.slides.map(\.image), (0 ..< count).map { "https://cdn.example.com/\($0).jpg" })
            XCTAssertEqual(carousel.overflow.count, 0)
            XCTAssertEqual(carousel.dropped.map(\.source.pointer), (0 ..< count).map { "/data/carousel/\(2 * $0 + 1)" })
            XCTAssertEqual(resolution.buttons.buttons.map(\.title), (0 ..< count).map { "B\($0)" })
            XCTAssertEqual(resolution.buttons.dropped.map(\.source.pointer), (0 ..< count).map { "/data/buttons/\(2 * $0 + 1)" })
            let expected = (0 ..< count).flatMap { ["https://cdn.example.com/\($0).jpg", "https://shop.example.com/\($0)"] }
                + (0 ..< count).map { "https://example.com/\($0)" }
            XCTAssertEqual(resolution.urlSites.map(\.url), expected)
            let latestResolution = try XCTUnwrap(Inspector(options: InspectionOptions(profile: .guide))
                .inspect(Array(json.utf8), source: "t.json").messages.first?.resolution)
            // A list borrows its resolution: both are kept while lists read from them are.
            withExtendedLifetime((resolution, latestResolution)) {
                let latest = latestResolution.carousel
                XCTAssertEqual(latest?.slides.count, min(count, 5))
                XCTAssertEqual(latest?.overflow.map(\.image), Array(carousel.slides.map(\.image).dropFirst(5)))
                XCTAssertEqual(latest?.usable.map(\.image), carousel.slides.map(\.image))
            }
        }
    }
}
