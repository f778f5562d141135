import Foundation
import Testing
@testable import TextKit

@Suite("CATransaction")
struct CATransactionTests {
    @Test("Values set in a transaction read back until its commit; the completion runs at the commit")
    func transaction() {
        #expect(!CATransaction.disableActions())
        #expect(CATransaction.animationDuration() == 0.25)
        var completed = 0
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock { completed += 1 }
        #expect(CATransaction.disableActions())
        #expect(CATransaction.animationDuration() == 1)
        CATransaction.begin()                       // nested: its own values
        #expect(!CATransaction.disableActions())
        CATransaction.commit()
        #expect(completed == 0)
        #expect(CATransaction.disableActions())
        CATransaction.commit()
        #expect(completed == 1)
        #expect(!CATransaction.disableActions())
        // Outside a transaction: setters are ignored, a completion runs at once, commit and
        // flush do nothing.
        CATransaction.setDisableActions(true)
        #expect(!CATransaction.disableActions())
        CATransaction.setCompletionBlock { completed += 1 }
        #expect(completed == 2)
        CATransaction.commit()
        CATransaction.flush()
        CATransaction.lock()
        CATransaction.unlock()
        #expect(completed == 2)
    }
}
