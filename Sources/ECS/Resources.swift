/// A boxed singleton value, so resources of any struct type can share one table.
final class ResourceBox<R> {
    var value: R
    init(_ value: R) { self.value = value }
}

extension World {
    /// Stores `resource` as the world's single value of its type, replacing any before it.
    public func setResource<R>(_ resource: R) {
        let key = ObjectIdentifier(R.self)
        if let box = resources[key] as? ResourceBox<R> {
            box.value = resource
        } else {
            resources[key] = ResourceBox(resource)
        }
    }

    /// The world's value of type `type`, or nil.
    public func resource<R>(_ type: R.Type) -> R? {
        (resources[ObjectIdentifier(type)] as? ResourceBox<R>)?.value
    }

    /// Changes the world's value of type `type` in place; nil when there is none.
    @discardableResult
    public func modifyResource<R, T>(_ type: R.Type, _ body: (inout R) throws -> T) rethrows -> T? {
        guard let box = resources[ObjectIdentifier(type)] as? ResourceBox<R> else { return nil }
        return try body(&box.value)
    }

    /// Removes the world's value of type `type`.
    public func removeResource<R>(_ type: R.Type) {
        resources[ObjectIdentifier(type)] = nil
    }
}
