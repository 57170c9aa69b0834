//! `mapscope walk`: a scripted player's every tick under the servers'
//! physics, one line of state a tick (see `mapscope::walk::script`).

use mapscope::formats::{self, LoadOptions};
use mapscope::walk::{script, Script};
use std::io::Write;
use std::path::Path;

/// Replays `script_path` on `file`, printing a line a tick; the exit status:
/// 0, 1 where the map cannot be read or walked, 2 for a bad script.
pub fn walk(file: &Path, script_path: &Path, options: &LoadOptions) -> i32 {
    use formats::file;
    let text = match file::read_text(script_path, file::LARGEST_TEXT) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("mapscope: {e}");
            return 2;
        }
    };
    let map = match formats::load_path(file, options) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("mapscope: {}: {e}", file.display());
            return 1;
        }
    };
    let solids = match mapscope::kinds::player_physics(&map) {
        Ok(solids) => solids,
        Err(why) => {
            eprintln!("mapscope: {}: {why}", file.display());
            return 1;
        }
    };
    let script = match Script::parse(&text, solids.dims()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("mapscope: {}: {e}", script_path.display());
            return 2;
        }
    };
    // A closed pipe (`| head`) is no failure of the walk: writes are let go.
    let mut out = String::new();
    let mut stdout = std::io::stdout().lock();
    script.replay(&solids, |tick, player, landing| {
        script::tick_line(&mut out, tick, player, landing);
        if out.len() > 1 << 16 {
            let _ = stdout.write_all(out.as_bytes());
            out.clear();
        }
    });
    let _ = stdout.write_all(out.as_bytes());
    0
}
