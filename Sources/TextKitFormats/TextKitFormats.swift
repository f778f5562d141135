// TextKitFormats
