//! Writing the refresh's files all or none: every file (the snapshots, the report, the summary)
//! is written in full to a temporary name beside its target and synced, and only when all of
//! them are written are they renamed into place. A target that cannot be written (a folder given
//! as `--report`, an `--out` that is a file, a full disk) leaves every target as it was.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::error::RefreshError;

fn failed(path: &Path, message: impl std::fmt::Display) -> RefreshError {
    RefreshError::file(
        path.display().to_string(),
        format!("cannot be written: {message}"),
    )
}

/// The temporary name a target is written to first: hidden, beside it, with the process id.
fn temporary(path: &Path) -> Result<PathBuf, RefreshError> {
    let name = path
        .file_name()
        .ok_or_else(|| failed(path, "it names no file"))?;
    let temp = format!(
        ".{}.refresh-{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    );
    Ok(path.with_file_name(temp))
}

fn write_one(target: &Path, text: &str) -> Result<PathBuf, RefreshError> {
    if target.is_dir() {
        return Err(failed(target, "it is a folder"));
    }
    if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent).map_err(|e| failed(parent, e))?;
    }
    let temp = temporary(target)?;
    let written = File::create(&temp).and_then(|mut file| {
        file.write_all(text.as_bytes())?;
        file.sync_all()
    });
    match written {
        Ok(()) => Ok(temp),
        Err(e) => {
            let _ = fs::remove_file(&temp);
            Err(failed(target, e))
        }
    }
}

/// Writes every `(target, text)`, all or none (see the module's note). On an error no target
/// has changed and no temporary file is left.
pub fn write_all(files: &[(PathBuf, String)]) -> Result<(), RefreshError> {
    let mut temps: Vec<(PathBuf, &Path)> = Vec::new();
    for (target, text) in files {
        match write_one(target, text) {
            Ok(temp) => temps.push((temp, target)),
            Err(error) => {
                for (temp, _) in &temps {
                    let _ = fs::remove_file(temp);
                }
                return Err(error);
            }
        }
    }
    for (renamed, (temp, target)) in temps.iter().enumerate() {
        if let Err(e) = fs::rename(temp, target) {
            for (temp, _) in &temps[renamed..] {
                let _ = fs::remove_file(temp);
            }
            return Err(failed(
                target,
                format!("{e} (the {renamed} files before it in the list were replaced)"),
            ));
        }
    }
    Ok(())
}
