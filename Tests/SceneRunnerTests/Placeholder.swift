// Placeholder; the real tests replace it.
