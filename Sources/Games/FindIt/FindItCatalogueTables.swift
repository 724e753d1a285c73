import SavedState

/// The catalogue as the document's schema (FindIt's spec, §5): TargetItem 1 : N TargetPhoto,
/// photos deleted with their item, in the profile's SQLite file, so what a parent registers
/// in one run is hunted in the next. Times are seconds on the scene's clock, never the wall's.
enum FindItCatalogueTables {
    static let item = "findit_target_item"
    static let photo = "findit_target_photo"

    /// The tables and their migrations.
    static let tables = ProfileTables(game: "findit", migrations: [
        ProfileTables.Migration(name: "v1-catalogue", sql: """
            CREATE TABLE \(item) (
                id TEXT PRIMARY KEY NOT NULL,
                key TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                hint TEXT NOT NULL,
                thumbnail_data BLOB NOT NULL,
                difficulty INTEGER NOT NULL CHECK (difficulty BETWEEN 1 AND 5),
                created_at REAL NOT NULL
            );
            CREATE TABLE \(photo) (
                id TEXT PRIMARY KEY NOT NULL,
                item_id TEXT NOT NULL REFERENCES \(item)(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                image_data BLOB NOT NULL,
                feature_print BLOB NOT NULL,
                angle TEXT NOT NULL CHECK (angle IN ('front', 'back', 'left', 'right', 'top')),
                created_at REAL NOT NULL
            );
            CREATE INDEX \(photo)_item ON \(photo)(item_id);
            """),
    ], tables: [item, photo])

    /// The rows of `items`: each item, then its photos.
    static func values(of items: [FindItItem]) -> SavedValues {
        var records: [SavedRecord] = []
        for item in items {
            let id = identifier("item", item.id, item.createdAt)
            records.append(SavedRecord(table: self.item, columns: [
                ("id", .text(id)), ("key", .text(item.id)), ("name", .text(item.name)), ("hint", .text(item.hint)),
                ("thumbnail_data", .bytes(item.photos.first?.analysis.featurePrint ?? [])),
                ("difficulty", .integer(Int64(item.difficulty))), ("created_at", .number(item.createdAt)),
            ]))
            for (index, photo) in item.photos.enumerated() {
                records.append(SavedRecord(table: self.photo, columns: [
                    ("id", .text(identifier("photo", "\(item.id)#\(index)", item.createdAt))), ("item_id", .text(id)),
                    ("position", .integer(Int64(index))), ("image_data", .bytes(photo.imageData)),
                    ("feature_print", .bytes(photo.analysis.featurePrint)), ("angle", .text(photo.angle.rawValue)),
                    ("created_at", .number(photo.takenAt)),
                ]))
            }
        }
        return SavedValues(records: records)
    }

    /// The items in a profile's rows (rows that do not read as an item or a photo are passed over).
    static func items(in values: SavedValues) -> [FindItItem] {
        var items: [(row: String, item: FindItItem)] = []
        for record in values.records where record.table == item {
            guard let row = record["id"]?.text, let key = record["key"]?.text, let name = record["name"]?.text,
                  let difficulty = record["difficulty"]?.number, (1...5).contains(difficulty) else { continue }
            items.append((row, FindItItem(id: key, name: name, hint: record["hint"]?.text ?? "", difficulty: Int(difficulty),
                                          photos: [], createdAt: record["created_at"]?.number ?? 0)))
        }
        var photos: [(position: Double, owner: String, photo: FindItPhoto)] = []
        for record in values.records where record.table == photo {
            guard let owner = record["item_id"]?.text, let print = record["feature_print"]?.bytes,
                  let angle = record["angle"]?.text.flatMap(PhotoAngle.init(rawValue:)) else { continue }
            // A kept photo was bright enough; its brightness is not part of the document's schema.
            let analysis = PhotoAnalysis(luminance: 1, featurePrint: print, width: 0, height: 0)
            photos.append((record["position"]?.number ?? 0, owner,
                           FindItPhoto(file: "", angle: angle, analysis: analysis, imageData: record["image_data"]?.bytes ?? [],
                                       takenAt: record["created_at"]?.number ?? 0)))
        }
        return items.map { entry in
            var item = entry.item
            item.photos = photos.filter { $0.owner == entry.row }.sorted { $0.position < $1.position }.map(\.photo)
            return item
        }
    }

    /// A row's id in the UUID's form, made from what the row is (never random: the same run
    /// writes the same rows).
    static func identifier(_ kind: String, _ key: String, _ time: Double) -> String {
        func fnv(_ text: String, _ basis: UInt64) -> UInt64 {
            text.utf8.reduce(basis) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
        }
        let text = "findit/\(kind)/\(key)/\(time)"
        let high = fnv(text, 0xcbf29ce484222325), low = fnv(text, 0x84222325cbf29ce4)
        let hex = String(high, radix: 16).leftPadded(16) + String(low, radix: 16).leftPadded(16)
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }
}

private extension String {
    func leftPadded(_ length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
