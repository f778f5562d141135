// Swift Testing declares a cross-import overlay for CoreGraphics (`_Testing_CoreGraphics`: image
// attachments), which the toolchain ships only on Apple platforms. Without a module of that name, a
// test file that imports Testing beside this package's CoreGraphics fails with "no such module
// '_Testing_CoreGraphics'". This empty stand-in is built with CoreGraphics so that such a file
// compiles; it adds nothing.
