// Swift Testing declares a cross-import overlay for UIKit (`_Testing_UIKit`: image attachments),
// which the toolchain ships only on Apple platforms. Without a module of that name, a test file that
// imports Testing beside this package's UIKit fails with "no such module '_Testing_UIKit'". This
// empty stand-in is built with UIKit so that such a file compiles; it adds nothing.
