/// "1 frame", "2 frames": a count with its noun, for the lines the tool prints.
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
}
