// TextKitModel
