// TextKit
