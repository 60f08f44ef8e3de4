/// Keeps `object` alive until the process exits, instead of releasing it
/// when the command returns.
///
/// The streaming commands exit right after their run. Releasing their
/// typesetter first would free its word cache and fonts block by block:
/// 25–70 ms after a 10,000-request `measure batch` (3–7% of the run), for
/// memory the kernel takes back at exit anyway.
func keepUntilExit(_ object: AnyObject) {
    _ = Unmanaged.passRetained(object)
}
