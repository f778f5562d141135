// TextKitFonts
