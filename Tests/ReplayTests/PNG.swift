/// A PNG reader for the screenshot test: 8-bit RGB or RGBA, not interlaced (what Chromium
/// writes), with the DEFLATE decoder it needs (RFC 1951, after the zlib header of RFC 1950).
struct PNGImage {
    var width: Int
    var height: Int
    /// Bytes per pixel (3 or 4).
    var channels: Int
    var pixels: [UInt8]

    struct Malformed: Error { var why: String }

    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * width + x) * channels
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }

    init(_ data: [UInt8]) throws {
        guard data.count > 8, data[0..<8].elementsEqual([137, 80, 78, 71, 13, 10, 26, 10]) else {
            throw Malformed(why: "not a PNG")
        }
        var p = 8
        var idat: [UInt8] = []
        var w = 0
        var h = 0
        var depth = 0
        var type = 0
        var interlace = 0
        func u32(_ i: Int) -> Int {
            Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3])
        }
        while p + 8 <= data.count {
            let len = u32(p)
            let kind = String(decoding: data[p + 4..<p + 8], as: UTF8.self)
            let body = p + 8
            guard body + len + 4 <= data.count else { throw Malformed(why: "truncated chunk \(kind)") }
            if kind == "IHDR" {
                w = u32(body); h = u32(body + 4); depth = Int(data[body + 8]); type = Int(data[body + 9]);
                interlace = Int(data[body + 12])
            }
            if kind == "IDAT" { idat += data[body..<body + len] }
            if kind == "IEND" { break }
            p = body + len + 4
        }
        guard depth == 8, type == 2 || type == 6, interlace == 0 else {
            throw Malformed(why: "unsupported PNG: depth \(depth), colour type \(type), interlace \(interlace)")
        }
        let bpp = type == 6 ? 4 : 3
        guard idat.count > 2 else { throw Malformed(why: "no image data") }
        var inflater = Inflater(Array(idat[2...]))
        let raw = try inflater.inflate()
        let stride = w * bpp
        guard raw.count >= h * (stride + 1) else { throw Malformed(why: "image data too short") }
        var out = [UInt8](repeating: 0, count: w * h * bpp)
        for y in 0..<h {
            let filter = raw[y * (stride + 1)]
            let src = y * (stride + 1) + 1
            let row = y * stride
            for i in 0..<stride {
                let x = Int(raw[src + i])
                let a = i >= bpp ? Int(out[row + i - bpp]) : 0
                let b = y > 0 ? Int(out[row - stride + i]) : 0
                let c = i >= bpp && y > 0 ? Int(out[row - stride + i - bpp]) : 0
                let v: Int
                switch filter {
                case 0: v = x
                case 1: v = x + a
                case 2: v = x + b
                case 3: v = x + (a + b) / 2
                case 4:
                    let pa = abs(b - c)
                    let pb = abs(a - c)
                    let pc = abs(a + b - 2 * c)
                    v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
                default: throw Malformed(why: "filter \(filter)")
                }
                out[row + i] = UInt8(v & 0xff)
            }
        }
        width = w; height = h; channels = bpp; pixels = out
    }
}

/// DEFLATE: stored, fixed and dynamic Huffman blocks (canonical codes decoded bit by bit).
struct Inflater {
    let data: [UInt8]
    var pos = 0
    var buffer = 0
    var count = 0
    init(_ data: [UInt8]) { self.data = data }

    struct Huffman { var counts = [Int](repeating: 0, count: 16); var symbols: [Int] = [] }

    mutating func bits(_ n: Int) throws -> Int {
        while count < n {
            guard pos < data.count else { throw PNGImage.Malformed(why: "deflate stream ends early") }
            buffer |= Int(data[pos]) << count
            pos += 1
            count += 8
        }
        let v = buffer & ((1 << n) - 1)
        buffer >>= n
        count -= n
        return v
    }

    static func huffman(_ lengths: [Int]) -> Huffman {
        var h = Huffman()
        for l in lengths { h.counts[l] += 1 }
        h.counts[0] = 0
        // next[l]: where the symbols of length l start among the coded symbols (shortest first).
        var next = [Int](repeating: 0, count: 16)
        var first = 0
        for l in 1..<16 { next[l] = first; first += h.counts[l] }
        h.symbols = [Int](repeating: 0, count: first)
        for (s, l) in lengths.enumerated() where l > 0 { h.symbols[next[l]] = s; next[l] += 1 }
        return h
    }

    mutating func decode(_ h: Huffman) throws -> Int {
        var code = 0
        var first = 0
        var index = 0
        for l in 1..<16 {
            code |= try bits(1)
            let n = h.counts[l]
            if code - n < first { return h.symbols[index + code - first] }
            index += n
            first = (first + n) << 1
            code <<= 1
        }
        throw PNGImage.Malformed(why: "bad Huffman code")
    }

    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577,
    ]
    static let distExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    mutating func inflate() throws -> [UInt8] {
        var out: [UInt8] = []
        var last = 0
        repeat {
            last = try bits(1)
            switch try bits(2) {
            case 0:
                buffer = 0; count = 0
                guard pos + 4 <= data.count else { throw PNGImage.Malformed(why: "stored block header") }
                let len = Int(data[pos]) | Int(data[pos + 1]) << 8
                pos += 4
                guard pos + len <= data.count else { throw PNGImage.Malformed(why: "stored block") }
                out += data[pos..<pos + len]
                pos += len
            case 1:
                let lit = Inflater.huffman((0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
                let dist = Inflater.huffman([Int](repeating: 5, count: 30))
                try codes(&out, lit, dist)
            case 2:
                let nlen = try bits(5) + 257
                let ndist = try bits(5) + 1
                let ncode = try bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var cl = [Int](repeating: 0, count: 19)
                for i in 0..<ncode { cl[order[i]] = try bits(3) }
                let clh = Inflater.huffman(cl)
                var lengths: [Int] = []
                while lengths.count < nlen + ndist {
                    let s = try decode(clh)
                    switch s {
                    case 0..<16: lengths.append(s)
                    case 16:
                        guard let prev = lengths.last else { throw PNGImage.Malformed(why: "repeat with no length") }
                        lengths += [Int](repeating: prev, count: 3 + (try bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
                    }
                }
                try codes(
                    &out, Inflater.huffman(Array(lengths[0..<nlen])),
                    Inflater.huffman(Array(lengths[nlen..<nlen + ndist])))
            default:
                throw PNGImage.Malformed(why: "block type 3")
            }
        } while last == 0
        return out
    }

    mutating func codes(_ out: inout [UInt8], _ lit: Huffman, _ dist: Huffman) throws {
        while true {
            let s = try decode(lit)
            if s < 256 { out.append(UInt8(s)); continue }
            if s == 256 { return }
            let li = s - 257
            guard li < 29 else { throw PNGImage.Malformed(why: "length symbol") }
            let len = Inflater.lengthBase[li] + (try bits(Inflater.lengthExtra[li]))
            let di = try decode(dist)
            guard di < 30 else { throw PNGImage.Malformed(why: "distance symbol") }
            let d = Inflater.distBase[di] + (try bits(Inflater.distExtra[di]))
            guard d <= out.count else { throw PNGImage.Malformed(why: "distance too far") }
            let start = out.count - d
            for i in 0..<len { out.append(out[start + i]) }
        }
    }
}
