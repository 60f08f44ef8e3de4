// Pipeline stage: Shaping. The itemized text as shaping reads it.

/// Items with the faces and styles they index (`Item.faceIndex`,
/// `Item.styleIndex`): what word shaping walks, travelling together.
struct ItemRuns {
    var items: [Item]
    var faces: [FontFace]
    var styles: [TextStyle]
}
