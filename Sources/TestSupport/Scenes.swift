/// A box that falls for 0.5 s while its expectation says it stays at y 0: it fails at 8:22 (the
/// value of `y`). Written once for the end-to-end and the library tests.
public let fallingBoxScene = """
    views:
      box: { frame: [0, 0, 100, 100] }
    behaviors:
      fall: { gravity: { items: [box] }, active: true }
    script:
      - wait: 0.5
    expect:
      views: { box: { y: 0 } }
    """
