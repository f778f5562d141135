// TextKitEditing
