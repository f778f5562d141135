import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

// Focus, the return key, what follows edits, secure entry, and where the field editor sits.
extension UITextField {
    static var defaultFont: UIFont { UIFont.preferredFont(forTextStyle: .body) }

    /// The measuring container's width: beyond any field's text (a bounded width keeps a centred
    /// or right-aligned line at a finite place).
    static let measuringWidth: CGFloat = 1_000_000

    // MARK: Focus

    func _becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder else { return false }
        if delegate?.textFieldShouldBeginEditing(self) == false { return false }
        guard super.becomeFirstResponder() else { return false }
        let editor = fieldEditor!
        if clearsOnBeginEditing, editor.hasText, delegate?.textFieldShouldClear(self) != false {
            editor.text = ""
        }
        editor.isHidden = false
        layoutFieldEditor()
        editor.selectedRange = NSRange(location: editor.textStorage.length, length: 0)
        editor.scrollRangeToVisible(editor.selectedRange)
        setNeedsDisplay()
        delegate?.textFieldDidBeginEditing(self)
        NotificationCenter.default.post(name: UITextField.textDidBeginEditingNotification, object: self)
        sendActions(for: .editingDidBegin)
        return true
    }

    func _resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        if delegate?.textFieldShouldEndEditing(self) == false { return false }
        let editor = fieldEditor!
        editor.unmarkText()
        editor.endTypingRun()
        guard super.resignFirstResponder() else { return false }
        editor.isHidden = true
        editor.contentOffset = .zero
        layoutFieldEditor()
        setNeedsDisplay()
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        NotificationCenter.default.post(name: UITextField.textDidEndEditingNotification, object: self)
        sendActions(for: .editingDidEnd)
        return true
    }

    /// A line break was typed: asks `textFieldShouldReturn(_:)`, then sends
    /// `.primaryActionTriggered` and `.editingDidEndOnExit`, and resigns when an action is
    /// registered for the latter.
    func returnKeyPressed() {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        let exits = allControlEvents.contains(.editingDidEndOnExit)
        sendActions(for: [.primaryActionTriggered, .editingDidEndOnExit])
        if exits { resignFirstResponder() }
    }

    // MARK: After changes

    /// After a user edit (the field editor's delegate): place the editor, keep the caret in view,
    /// tell observers.
    func editorTextDidChange() {
        layoutFieldEditor()
        let editor = fieldEditor!
        editor.scrollRangeToVisible(NSRange(location: editor.selectedRange.upperBound, length: 0))
        setNeedsDisplay()
        NotificationCenter.default.post(name: UITextField.textDidChangeNotification, object: self)
        sendActions(for: .editingChanged)
    }

    /// After the text or its attributes changed by code.
    func textChangedByCode() {
        layoutFieldEditor()
        if isEditing { fieldEditor.scrollRangeToVisible(fieldEditor.selectedRange) }
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    func fontDidChange() {
        fieldEditor.font = _font
        secureGlyphs.fallbackFont = _font
        textChangedByCode()
    }

    // MARK: Secure entry

    func setSecureTextEntry(_ secure: Bool) {
        let editor = fieldEditor!
        guard secure != editor.isSecureTextEntry else { return }
        editor.isSecureTextEntry = secure
        let delegate: NSLayoutManagerDelegate? = secure ? secureGlyphs : nil
        for manager in [editor.engine, measuringManager] {
            manager.delegate = delegate
            let all = NSRange(location: 0, length: editor.textStorage.length)
            manager.invalidateGlyphs(forCharacterRange: all, changeInLength: 0, actualCharacterRange: nil)
            manager.invalidateLayout(forCharacterRange: all, actualCharacterRange: nil)
        }
        textChangedByCode()
    }

    // MARK: The field editor's place

    /// The rect inside the border the text goes in (the default text, editing and placeholder rect).
    func contentRect(forBounds bounds: CGRect) -> CGRect {
        var rect: CGRect = switch borderStyle {
        case .none: bounds
        case .line, .bezel: bounds.insetBy(dx: 3, dy: 1)
        case .roundedRect: bounds.insetBy(dx: 7, dy: 0)
        }
        // The shown overlay views take their stretch of the width.
        if isShowing(leftView, leftViewMode) {
            let left = leftViewRect(forBounds: bounds)
            let maxX = rect.maxX
            rect.origin.x = max(rect.minX, left.maxX)
            rect.size.width = max(0, maxX - rect.minX)
        }
        if isShowing(rightView, rightViewMode) {
            let right = rightViewRect(forBounds: bounds)
            rect.size.width = max(0, min(rect.maxX, right.minX) - rect.minX)
        }
        return rect
    }

    /// Whether an overlay view with `mode` shows now.
    func isShowing(_ view: UIView?, _ mode: ViewMode) -> Bool {
        guard view != nil else { return false }
        switch mode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }

    func _leftViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let size = leftView?.frame.size else { return .zero }
        return CGRect(x: bounds.minX, y: bounds.minY + ((bounds.height - size.height) / 2).rounded(.down),
                      width: size.width, height: size.height)
    }

    func _rightViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let size = rightView?.frame.size else { return .zero }
        return CGRect(x: bounds.maxX - size.width, y: bounds.minY + ((bounds.height - size.height) / 2).rounded(.down),
                      width: size.width, height: size.height)
    }

    /// After an overlay view or its mode changed: places them and the field editor again.
    func overlayViewsDidChange() {
        layoutFieldEditor()
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// Adds the overlay views that show (removing those that do not) and places them.
    func layoutOverlayViews() {
        for (view, mode, isLeft) in [(leftView, leftViewMode, true), (rightView, rightViewMode, false)] {
            guard let view else { continue }
            if isShowing(view, mode) {
                if view.superview !== self { addSubview(view) }
                let rect = isLeft ? leftViewRect(forBounds: bounds) : rightViewRect(forBounds: bounds)
                if view.frame != rect { view.frame = rect }
            } else if view.superview === self {
                view.removeFromSuperview()
            }
        }
    }

    /// Places the field editor in the editing rect (the text rect when not editing), sizes its
    /// container for the text, centres the line vertically and keeps the scroll offset in range.
    func layoutFieldEditor() {
        guard let editor = fieldEditor else { return }
        layoutOverlayViews()
        // Shown while editing only (also when the focus went away with the field's removal from
        // its window, which tells nobody).
        if editor.isHidden == isEditing { editor.isHidden = !isEditing }
        let rect = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        if editor.frame != rect { editor.frame = rect }
        prepareEditorLayout(forWidth: rect.width)
        let top = ((rect.height - editorLineHeight) / 2).rounded(.down)
        if editor.textContainerInset.top != top {
            editor.textContainerInset = UIEdgeInsets(top: top, left: 0, bottom: 0, right: 0)
        }
        let x = min(max(editor.contentOffset.x, 0), editor.maximumHorizontalOffset)
        if editor.contentOffset != CGPoint(x: x, y: 0) { editor.contentOffset = CGPoint(x: x, y: 0) }
    }

    /// Makes the editor's container `width` wide, or as wide as the text (and the caret after
    /// it) when that is wider, so that the line never wraps.
    func prepareEditorLayout(forWidth width: CGFloat) {
        let natural = naturalTextWidth
        let caretRoom: CGFloat = 2
        let needed = natural + caretRoom <= width ? max(width, 0) : (natural + caretRoom).rounded(.up)
        let container = fieldEditor.textContainer
        if container.size.width != needed {
            container.size = CGSize(width: needed, height: CGFloat.greatestFiniteMagnitude)
        }
    }

    /// The width of the text on one line (bullets for secure entry).
    var naturalTextWidth: CGFloat {
        guard fieldEditor.textStorage.length > 0 else { return 0 }
        return measuringManager.usedRect(for: measuringContainer).width
    }

    /// The height of the text's line (of an empty line in the font when there is no text).
    var editorLineHeight: CGFloat {
        let editor = fieldEditor!
        let manager = editor.engine
        if editor.textStorage.length > 0 {
            let used = manager.usedRect(for: editor.textContainer)
            if used.height > 0 { return used.height }
        }
        return manager.defaultLineHeight(for: _font)
    }

    /// The size for ``sizeThatFits(_:)`` and ``intrinsicContentSize``.
    var _fittingSize: CGSize {
        let probe = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        let inner = contentRect(forBounds: probe)
        var width = naturalTextWidth + 2
        if let placeholder = attributedPlaceholder, placeholder.length > 0 {
            width = max(width, placeholder.size().width)
        }
        let height = max(editorLineHeight, attributedPlaceholder.map { $0.size().height } ?? 0)
        return CGSize(width: (width + probe.width - inner.width).rounded(.up),
                      height: (height + probe.height - inner.height).rounded(.up))
    }
}
