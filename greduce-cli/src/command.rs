//! Running the interestingness command on a candidate: in a scratch directory that holds
//! the candidate under the file's own name, with a timeout that stops the command and
//! everything it started.

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Output, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// What the interestingness command answered about a candidate (not the reducer's
/// `greduce::Verdict`, which says why a candidate was kept or rejected).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// Exit status 0: the candidate keeps what matters.
    Interesting,
    /// Any other exit status, or killed by a signal.
    Uninteresting,
    /// Stopped after the timeout (uninteresting too).
    TimedOut,
}

/// The interestingness command.
#[derive(Clone, Debug)]
pub(crate) struct Interestingness {
    program: OsString,
    args: Vec<OsString>,
    /// The name the candidate gets in the scratch directory: FILE's own.
    file_name: OsString,
    /// FILE's permissions, which each candidate gets (an executable stays executable).
    permissions: Option<std::fs::Permissions>,
    timeout: Duration,
}

impl Interestingness {
    /// `command` as given after `--`; a program path with a `/` is made absolute against the
    /// current directory, since the command runs in a scratch directory.
    pub(crate) fn new(
        command: &[OsString],
        file: &Path,
        timeout: Duration,
    ) -> io::Result<Interestingness> {
        let program = &command[0];
        let program =
            if Path::new(program).components().count() > 1 && Path::new(program).is_relative() {
                std::env::current_dir()?.join(program).into_os_string()
            } else {
                program.clone()
            };
        let file_name = file.file_name().ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{} names no file", file.display()),
            )
        })?;
        Ok(Interestingness {
            program,
            args: command[1..].to_vec(),
            file_name: file_name.to_os_string(),
            permissions: std::fs::metadata(file).ok().map(|m| m.permissions()),
            timeout,
        })
    }

    /// Runs the command on `content`, written into `scratch` under the file's name.
    pub(crate) fn test(&self, scratch: &Path, content: &[u8]) -> io::Result<Answer> {
        self.place(scratch, content)?;
        Ok(match self.run(scratch, false)? {
            None => Answer::TimedOut,
            Some(out) if out.status.success() => Answer::Interesting,
            Some(_) => Answer::Uninteresting,
        })
    }

    /// Runs the command on `content` keeping its output, for the first test: when the
    /// original is not interesting the user needs to see why. `None` when it timed out.
    pub(crate) fn first(&self, scratch: &Path, content: &[u8]) -> io::Result<Option<Output>> {
        self.place(scratch, content)?;
        self.run(scratch, true)
    }

    /// Empties `scratch` (what an earlier test left there, a compiled binary say, must
    /// not answer for this candidate) and writes the candidate into it.
    fn place(&self, scratch: &Path, content: &[u8]) -> io::Result<()> {
        for entry in std::fs::read_dir(scratch)? {
            let path = entry?.path();
            if path.is_dir() && !path.is_symlink() {
                std::fs::remove_dir_all(&path)?;
            } else {
                std::fs::remove_file(&path)?;
            }
        }
        let path = scratch.join(&self.file_name);
        std::fs::write(&path, content)?;
        if let Some(permissions) = &self.permissions {
            std::fs::set_permissions(&path, permissions.clone())?;
        }
        Ok(())
    }

    /// The command as the user would type it.
    pub(crate) fn shown(&self) -> String {
        std::iter::once(&self.program)
            .chain(&self.args)
            .map(|a| a.to_string_lossy())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn run(&self, dir: &Path, capture: bool) -> io::Result<Option<Output>> {
        let mut command = Command::new(&self.program);
        command
            .args(&self.args)
            .current_dir(dir)
            .stdin(Stdio::null());
        if capture {
            command.stdout(Stdio::piped()).stderr(Stdio::piped());
        } else {
            command.stdout(Stdio::null()).stderr(Stdio::null());
        }
        #[cfg(unix)]
        {
            // Its own process group, so a timeout stops what it started too.
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let child = command.spawn().map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot run `{}`: {e}", self.program.to_string_lossy()),
            )
        })?;
        let pid = child.id();
        let (send, receive) = mpsc::channel();
        let waiter = thread::spawn(move || {
            let _ = send.send(child.wait_with_output());
        });
        let finished = receive.recv_timeout(self.timeout);
        if finished.is_err() {
            kill_group(pid);
        }
        let _ = waiter.join();
        finished.ok().transpose()
    }
}

/// Stops process `pid` and its process group.
fn kill_group(pid: u32) {
    let quiet = |c: &mut Command| {
        let _ = c.stdout(Stdio::null()).stderr(Stdio::null()).status();
    };
    if cfg!(unix) {
        quiet(Command::new("kill").args(["-KILL", "--", &format!("-{pid}")]));
        quiet(Command::new("kill").args(["-KILL", &pid.to_string()]));
    } else {
        quiet(Command::new("taskkill").args(["/F", "/T", "/PID", &pid.to_string()]));
    }
}

/// One scratch directory per parallel test, removed when dropped.
pub(crate) struct Scratch {
    /// Removes itself, and the directories in it, when dropped.
    _root: tempfile::TempDir,
    dirs: Vec<PathBuf>,
}

impl Scratch {
    pub(crate) fn new(jobs: usize) -> io::Result<Scratch> {
        let root = tempfile::Builder::new().prefix("greduce-").tempdir()?;
        let dirs = (0..jobs)
            .map(|k| root.path().join(k.to_string()))
            .collect::<Vec<_>>();
        for dir in &dirs {
            std::fs::create_dir(dir)?;
        }
        Ok(Scratch { _root: root, dirs })
    }

    pub(crate) fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }
}

/// How an exit status reads in a message.
pub(crate) fn status_text(status: ExitStatus) -> String {
    match status.code() {
        Some(code) => format!("exit status {code}"),
        None => format!("{status}"),
    }
}

/// The last lines of a command's output, for a message.
pub(crate) fn tail(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(10)..].join("\n")
}
