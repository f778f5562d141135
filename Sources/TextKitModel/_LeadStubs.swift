// TEMPORARY stubs so the typesetting layer compiles before the model lands. Delete at merge.
public enum NSWritingDirection: Int, Sendable { case natural = -1, leftToRight = 0, rightToLeft = 1 }
