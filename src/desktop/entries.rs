//! The `.desktop` entry (file associations, the menu) and the
//! `.thumbnailer` entry (how file managers ask for a thumbnail), both
//! naming the mapscope binary by its absolute path: file managers do not
//! see the `PATH` of a shell that has `~/.cargo/bin` in it.

use std::path::Path;

/// The `.desktop` file, for the binary at `exe`.
pub fn desktop_entry(exe: &Path) -> String {
    let exe = quote_exec(exe);
    format!(
        "[Desktop Entry]\n\
         Type=Application\n\
         Name=mapscope\n\
         GenericName=Game map viewer\n\
         Comment=View Ace of Spades, Voxlap, VMF, Alithia and Warcraft III maps\n\
         TryExec={exe}\n\
         Exec={exe} %f\n\
         Icon=mapscope\n\
         Terminal=false\n\
         Categories=Graphics;Viewer;3DGraphics;\n\
         Keywords=map;voxel;vxl;Warcraft;\n\
         MimeType={}\n",
        super::mime::mime_type_list()
    )
}

/// The `.thumbnailer` file: the freedesktop thumbnailer interface, `%i`
/// the file, `%o` the PNG to write, `%s` the size in pixels.
pub fn thumbnailer_entry(exe: &Path) -> String {
    let exe = quote_exec(exe);
    format!(
        "[Thumbnailer Entry]\n\
         TryExec={exe}\n\
         Exec={exe} thumbnail %i %o --size %s\n\
         MimeType={}\n",
        super::mime::mime_type_list()
    )
}

/// A path as one argument of an `Exec` key: as it is when it has no
/// reserved characters, else double-quoted with `"`, `` ` ``, `$` and `\`
/// escaped (the desktop entry spec's rules). A `%` is doubled either way.
pub fn quote_exec(path: &Path) -> String {
    let s = path.to_string_lossy().replace('%', "%%");
    let reserved = |c: char| " \t\n\"'\\><~|&;$*?#()`".contains(c);
    if !s.chars().any(reserved) {
        return s;
    }
    let mut q = String::from("\"");
    for c in s.chars() {
        if matches!(c, '"' | '`' | '$' | '\\') {
            q.push('\\');
        }
        q.push(c);
    }
    q.push('"');
    // The value is a string too, where a backslash is itself escaped.
    q.replace('\\', "\\\\")
}

/// The words of an `Exec` value with `%i`/`%f` (the file), `%o` (the
/// picture) and `%s` (the size) put in as a file manager does: for tests,
/// and for anyone checking an installed entry.
pub fn expand_exec(exec: &str, file: &Path, out: &Path, size: u32) -> Vec<String> {
    let unescaped = exec.replace("\\\\", "\\");
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut in_word) = (false, false);
    let mut chars = unescaped.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                quoted = !quoted;
                in_word = true;
            }
            '\\' if quoted => word.extend(chars.next()),
            '%' if quoted => {
                chars.next_if_eq(&'%');
                word.push('%');
            }
            ' ' if !quoted => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                }
                in_word = false;
            }
            '%' if !quoted => {
                in_word = true;
                match chars.next() {
                    Some('i' | 'f' | 'u') => word += &file.to_string_lossy(),
                    Some('o') => word += &out.to_string_lossy(),
                    Some('s') => word += &size.to_string(),
                    Some('%') => word.push('%'),
                    _ => {}
                }
            }
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn a_plain_path_is_left_as_it_is() {
        assert_eq!(
            quote_exec(Path::new("/usr/bin/mapscope")),
            "/usr/bin/mapscope"
        );
    }

    #[test]
    fn a_path_with_spaces_and_quotes_comes_back_from_the_exec_line() {
        let exe = PathBuf::from("/home/a b/\"odd\" $dir/100%/mapscope");
        let exec = thumbnailer_entry(&exe)
            .lines()
            .find_map(|l| l.strip_prefix("Exec=").map(str::to_string))
            .unwrap();
        let words = expand_exec(&exec, Path::new("/m/x.vxl"), Path::new("/t/o.png"), 128);
        assert_eq!(
            words,
            [
                exe.to_string_lossy().as_ref(),
                "thumbnail",
                "/m/x.vxl",
                "/t/o.png",
                "--size",
                "128"
            ]
        );
    }

    #[test]
    fn both_entries_list_the_opened_types() {
        let exe = Path::new("/usr/bin/mapscope");
        for entry in [desktop_entry(exe), thumbnailer_entry(exe)] {
            assert!(entry.contains("MimeType=application/x-aos-vxl;"), "{entry}");
            assert!(!entry.contains("westwood"));
        }
        assert!(desktop_entry(exe).contains("Exec=/usr/bin/mapscope %f\n"));
    }
}
