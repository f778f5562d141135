// TextKitTypesetting
