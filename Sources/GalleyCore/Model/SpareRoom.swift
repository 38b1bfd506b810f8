extension Array {
    /// These elements in room of their own size. An array grown by
    /// appending keeps up to as much again for more, which an array held
    /// for long (a file's reading, a document list) holds for nothing.
    /// Copied only when more than a sixteenth of its room is spare: the
    /// allocator rounds every room up a little, and copying a large array
    /// for that would cost more than it gives back.
    package var withoutSpareRoom: [Element] {
        guard capacity - count > count / 16 else { return self }
        return [Element](unsafeUninitializedCapacity: count) { room, initialized in
            initialized = room.initialize(fromContentsOf: self)
        }
    }
}
