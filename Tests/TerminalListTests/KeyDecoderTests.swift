import Testing
import TerminalList

struct KeyDecoderTests {
    static func decodeAll(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8)) + decoder.flush()
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}OA", .up), ("\u{1B}OB", .down),
        ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
        ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1;5A", .up), ("\r", .enter), ("\n", .enter), ("\u{7F}", .backspace), ("\u{08}", .backspace),
        ("\u{03}", .interrupt), ("\t", .control(0x09)), ("j", .character("j")), ("G", .character("G")),
        ("/", .character("/")), ("张", .character("张")), ("👍", .character("👍")),
    ] as [(String, Key)])
    func eachSequenceIsOneKey(bytes: String, key: Key) {
        #expect(KeyDecoderTests.decodeAll(bytes) == [key], "\(Array(bytes.utf8))")
    }

    @Test func carriageReturnThenLineFeedIsOneEnterButTwoLineFeedsAreTwo() {
        #expect(KeyDecoderTests.decodeAll("\r\n") == [.enter])
        #expect(KeyDecoderTests.decodeAll("\n\n") == [.enter, .enter])
        #expect(KeyDecoderTests.decodeAll("\r\r") == [.enter, .enter])
    }

    @Test func aLoneEscapeWaitsUntilFlushed() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingInput)
    }

    @Test func escapeFollowedByAnOrdinaryByteIsEscapeThenThatKey() {
        #expect(KeyDecoderTests.decodeAll("\u{1B}q") == [.escape, .character("q")])
        #expect(KeyDecoderTests.decodeAll("\u{1B}\u{1B}[B") == [.escape, .down])
    }

    @Test func unknownSequencesAreReportedWhole() {
        #expect(KeyDecoderTests.decodeAll("\u{1B}[2~x") == [.unknown([0x1B, 0x5B, 0x32, 0x7E]), .character("x")])
        #expect(KeyDecoderTests.decodeAll("\u{1B}OPx") == [.unknown([0x1B, 0x4F, 0x50]), .character("x")])
    }

    @Test func invalidUTF8BytesAreUnknownAndDecodingGoesOn() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xFF, 0x6A, 0xC0, 0xAF, 0x6B]) == [.unknown([0xFF]), .character("j"), .unknown([0xC0]), .unknown([0xAF]), .character("k")])
        #expect(decoder.decode([0xE5, 0xBC]) == [])
        #expect(decoder.flush() == [.unknown([0xE5, 0xBC])])
    }

    /// Every way of cutting a stream in two gives the same keys as reading it whole.
    @Test func sequencesAndCharactersSplitAcrossReadsDecodeTheSame() {
        let stream = Array("j\u{1B}[A\u{1B}OB\u{1B}[5~张ヘ👍\r\n\u{1B}[1;5B/地区\u{7F}\u{1B}[F".utf8)
        let expected: [Key] = [
            .character("j"), .up, .down, .pageUp, .character("张"), .character("ヘ"), .character("👍"), .enter,
            .down, .character("/"), .character("地"), .character("区"), .backspace, .end,
        ]
        for cut in 0...stream.count {
            var decoder = KeyDecoder()
            let keys = decoder.decode(stream[..<cut]) + decoder.decode(stream[cut...])
            #expect(keys == expected, "cut at byte \(cut)")
            #expect(!decoder.hasPendingInput, "cut at byte \(cut)")
        }
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in stream { keys += decoder.decode([byte]) }
        #expect(keys == expected, "one byte per read")
    }
}
