//! No import circle among `src/model`'s files: each file may use only files that do not use it
//! back, directly or through others, so every part of the core can be read (and tested) from
//! the bottom up.
//!
//! The graph is built from the source text: `use` trees (groups, `self`, globs, renames) and
//! paths written inline in code, starting at `crate::`, `super::`, `self::`, a child module or a
//! name a `use` bound to a module. A path leads to the deepest file it names
//! (`crate::model::engine::estimate::evaluate` to `engine/estimate.rs`,
//! `crate::model::engine::Estimate` to `engine/mod.rs`). `mod x;` declarations are not imports.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A module's path from the crate root, e.g. `["model", "engine", "estimate"]`.
type ModPath = Vec<String>;

/// Source text without comments, string and character literals (their contents could look like
/// paths).
fn strip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && raw_string(&chars, i) {
            i = skip_raw_string(&chars, i);
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && char_literal_end(&chars, i).is_some() {
            i = char_literal_end(&chars, i).unwrap_or(i + 1);
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Whether `chars[at..]` opens a raw string (`r"`, `r#"`, ...) rather than an identifier.
fn raw_string(chars: &[char], at: usize) -> bool {
    let before_ok = at == 0 || !(chars[at - 1].is_alphanumeric() || chars[at - 1] == '_');
    let mut i = at + 1;
    while chars.get(i) == Some(&'#') {
        i += 1;
    }
    before_ok && chars.get(i) == Some(&'"')
}

/// The index after the raw string opening at `at`.
fn skip_raw_string(chars: &[char], at: usize) -> usize {
    let mut i = at + 1;
    let mut hashes = 0;
    while chars.get(i) == Some(&'#') {
        hashes += 1;
        i += 1;
    }
    i += 1;
    while i < chars.len() {
        if chars[i] == '"' && (1..=hashes).all(|h| chars.get(i + h) == Some(&'#')) {
            return i + 1 + hashes;
        }
        i += 1;
    }
    i
}

/// The index after a character literal opening at `at` (`'x'`, `'\n'`, `'\u{1F600}'`), or
/// `None` for a lifetime.
fn char_literal_end(chars: &[char], at: usize) -> Option<usize> {
    if chars.get(at + 1) == Some(&'\\') {
        let close = (at + 3..chars.len().min(at + 14)).find(|&i| chars[i] == '\'')?;
        return Some(close + 1);
    }
    (chars.get(at + 2) == Some(&'\'')).then_some(at + 3)
}

/// Identifiers and punctuation; `::` is one token.
fn tokens(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            found.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            found.push("::".to_string());
            i += 2;
        } else {
            if !c.is_whitespace() {
                found.push(c.to_string());
            }
            i += 1;
        }
    }
    found
}

fn is_ident(token: &str) -> bool {
    token
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// The paths (and the name each binds) of a `use` tree starting at `tokens[at]`; returns the
/// index after it.
fn use_tree(
    tokens: &[String],
    mut at: usize,
    prefix: &[String],
    out: &mut Vec<(Vec<String>, String)>,
) -> usize {
    let mut path = prefix.to_vec();
    while at < tokens.len() {
        let token = tokens[at].as_str();
        match token {
            "{" => {
                at += 1;
                while at < tokens.len() && tokens[at] != "}" {
                    at = use_tree(tokens, at, &path, out);
                    if tokens.get(at).is_some_and(|t| t == ",") {
                        at += 1;
                    }
                }
                return at + 1;
            }
            "*" => {
                out.push((path, "*".to_string()));
                return at + 1;
            }
            "self" if at > 0 && tokens[at - 1] != "::" && !path.is_empty() => {
                let name = path.last().cloned().unwrap_or_default();
                out.push((path, name));
                return at + 1;
            }
            _ if is_ident(token) => {
                path.push(token.to_string());
                if tokens.get(at + 1).is_some_and(|t| t == "::") {
                    at += 2;
                    continue;
                }
                let mut name = token.to_string();
                at += 1;
                if tokens.get(at).is_some_and(|t| t == "as") {
                    name = tokens.get(at + 1).cloned().unwrap_or_default();
                    at += 2;
                }
                out.push((path, name));
                return at;
            }
            _ => return at + 1,
        }
    }
    at
}

/// One source file's import graph view: which module it is and the modules of the tree.
struct Resolver<'a> {
    modules: &'a BTreeMap<ModPath, String>,
}

impl Resolver<'_> {
    /// The absolute module path `path` names from inside module `here`, with `aliases` bound by
    /// `use`; `None` for paths outside the crate (std, serde, ...).
    fn absolute(
        &self,
        path: &[String],
        here: &[String],
        aliases: &BTreeMap<String, ModPath>,
    ) -> Option<ModPath> {
        let first = path.first()?.as_str();
        let mut base: ModPath = match first {
            "crate" => Vec::new(),
            // `super` is popped off below, with any that follow it.
            "self" | "super" => here.to_vec(),
            _ => {
                let mut child = here.to_vec();
                child.push(first.to_string());
                if self.modules.contains_key(&child) {
                    here.to_vec()
                } else {
                    let mut full = aliases.get(first)?.clone();
                    full.extend(path[1..].iter().cloned());
                    return Some(full);
                }
            }
        };
        let mut rest = if matches!(first, "crate" | "self") {
            &path[1..]
        } else {
            path
        };
        while rest.first().is_some_and(|s| s == "super") {
            base.pop()?;
            rest = &rest[1..];
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file of the deepest module `path` (absolute) names.
    fn file_of(&self, path: &[String]) -> Option<&String> {
        (1..=path.len())
            .rev()
            .find_map(|len| self.modules.get(&path[..len]))
    }
}

/// The module each file of `files` (paths relative to `src/`, e.g. `model/engine/mod.rs`) is.
fn module_of(file: &str) -> ModPath {
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// Edges from each file to the files it imports (self-imports left out).
fn import_graph(files: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeMap<ModPath, String> = files
        .keys()
        .map(|file| (module_of(file), file.clone()))
        .collect();
    let resolver = Resolver { modules: &modules };
    let mut graph = BTreeMap::new();
    for (file, text) in files {
        let targets = imports_of(&resolver, &module_of(file), text);
        let targets = targets.into_iter().filter(|t| t != file).collect();
        graph.insert(file.clone(), targets);
    }
    graph
}

/// The files one source file imports.
fn imports_of(resolver: &Resolver<'_>, module: &[String], text: &str) -> BTreeSet<String> {
    let tokens = tokens(&strip(text));
    let mut found = BTreeSet::new();
    let mut aliases: BTreeMap<String, ModPath> = BTreeMap::new();
    // Inline modules (`mod tests { ... }`): their names and the brace depth they close at.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut at = 0;
    while at < tokens.len() {
        let here: ModPath = module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(name, _)| name.clone()))
            .collect();
        let token = tokens[at].as_str();
        if token == "mod" && tokens.get(at + 2).is_some_and(|t| t == "{") {
            inline.push((tokens[at + 1].clone(), depth));
            depth += 1;
            at += 3;
        } else if token == "{" {
            depth += 1;
            at += 1;
        } else if token == "}" {
            depth = depth.saturating_sub(1);
            if inline.last().is_some_and(|(_, d)| *d == depth) {
                inline.pop();
            }
            at += 1;
        } else if token == "use" {
            let mut paths = Vec::new();
            at = use_tree(&tokens, at + 1, &[], &mut paths);
            for (path, name) in paths {
                let Some(absolute) = resolver.absolute(&path, &here, &aliases) else {
                    continue;
                };
                if let Some(file) = resolver.file_of(&absolute) {
                    found.insert(file.clone());
                }
                if resolver.modules.contains_key(&absolute) && name != "*" {
                    aliases.insert(name, absolute);
                }
            }
        } else if is_ident(token)
            && tokens.get(at + 1).is_some_and(|t| t == "::")
            && (at == 0 || tokens[at - 1] != "::")
        {
            let mut path = vec![token.to_string()];
            at += 1;
            while tokens.get(at).is_some_and(|t| t == "::")
                && tokens.get(at + 1).is_some_and(|t| is_ident(t))
            {
                path.push(tokens[at + 1].clone());
                at += 2;
            }
            let absolute = resolver.absolute(&path, &here, &aliases);
            if let Some(file) = absolute.and_then(|a| resolver.file_of(&a).cloned()) {
                found.insert(file);
            }
        } else {
            at += 1;
        }
    }
    found
}

/// One circle of the graph, as the files in import order with the first repeated at the end, or
/// `None`.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Colours: absent = unvisited, false = on the current path, true = done.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, bool>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), false);
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next) {
                Some(false) => {
                    let start = path.iter().position(|p| p == next).unwrap_or(0);
                    let mut cycle = path[start..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(true) => {}
                None => {
                    if let Some(cycle) = visit(next, graph, state, path) {
                        return Some(cycle);
                    }
                }
            }
        }
        path.pop();
        state.insert(node.to_string(), true);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if !state.contains_key(node) {
            if let Some(cycle) = visit(node, graph, &mut state, &mut Vec::new()) {
                return Some(cycle);
            }
        }
    }
    None
}

/// The groups of files that import each other (strongly connected, more than one file), each
/// sorted.
fn tangles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reach = |from: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_string()];
        while let Some(node) = todo.pop() {
            for next in graph.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|node| (node, reach(node))).collect();
    let mut groups: Vec<Vec<String>> = Vec::new();
    for (node, seen) in &reached {
        if !seen.contains(*node) || groups.iter().any(|g| g.contains(node)) {
            continue;
        }
        let group: Vec<String> = seen
            .iter()
            .filter(|other| reached.get(other).is_some_and(|back| back.contains(*node)))
            .cloned()
            .collect();
        groups.push(group);
    }
    groups
}

/// The part of `dir` (a folder, e.g. `model`) that `file` lies in: its child folder or file,
/// without `.rs` (`model/engine/estimate.rs` is in `model/engine`, `model/format.rs` in
/// `model/format`, and a `share/wire_read.rs` with its `share/wire_read/` folder are one part),
/// or `None` when `file` is not under `dir`.
fn part_of(dir: &str, file: &str) -> Option<String> {
    let rest = file.strip_prefix(dir)?.strip_prefix('/')?;
    let first = rest.split('/').next()?;
    Some(format!("{dir}/{}", first.trim_end_matches(".rs")))
}

/// Every folder that holds a file of the graph (`model`, `model/engine`, `model/share/wire_read`).
fn folders(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<String> {
    graph
        .keys()
        .flat_map(|file| {
            let parts: Vec<&str> = file.split('/').collect();
            (1..parts.len())
                .map(|len| parts[..len].join("/"))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The graph of `dir`'s parts: an arrow from one part to another where a file of the first
/// imports a file of the second. The files of a part are one node, so a loop through two
/// folders shows even when no single file imports back the one it is imported by.
fn part_graph(
    graph: &BTreeMap<String, BTreeSet<String>>,
    dir: &str,
) -> BTreeMap<String, BTreeSet<String>> {
    let mut parts: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in graph {
        let Some(from_part) = part_of(dir, from) else {
            continue;
        };
        let arrows = parts.entry(from_part.clone()).or_default();
        for to in targets {
            if let Some(to_part) = part_of(dir, to).filter(|part| *part != from_part) {
                arrows.insert(to_part);
            }
        }
    }
    parts
}

/// The first loop among the parts of any folder (the folder and the loop), or `None`: in every
/// folder the files and subfolders stack, each using only parts below it.
fn folder_loop(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<(String, Vec<String>)> {
    folders(graph)
        .into_iter()
        .find_map(|dir| find_cycle(&part_graph(graph, &dir)).map(|cycle| (dir, cycle)))
}

fn read_tree(dir: &Path, root: &Path, files: &mut BTreeMap<String, String>) {
    for entry in fs::read_dir(dir).expect("src/model is readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            read_tree(&path, root, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let name = path.strip_prefix(root).expect("under src/");
            let name = name.to_string_lossy().replace('\\', "/");
            files.insert(name, fs::read_to_string(&path).expect("a readable file"));
        }
    }
}

#[test]
fn model_files_import_no_circle() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut files = BTreeMap::new();
    read_tree(&root.join("model"), root, &mut files);
    assert!(files.len() > 40, "src/model was not found");
    let graph = import_graph(&files);
    let edges: usize = graph.values().map(BTreeSet::len).sum();
    assert!(
        edges > 100,
        "only {edges} imports found: the parser is broken"
    );
    // Imports the parser must see, one of each kind: a plain `use`, a `use` group, a path inline.
    for (from, to) in [
        ("model/scenario/mod.rs", "model/scenario/levers.rs"),
        ("model/engine/estimate.rs", "model/engine/levers.rs"),
        ("model/share/read.rs", "model/scenario/mod.rs"),
        ("model/engine/estimate.rs", "model/format.rs"),
    ] {
        assert!(graph[from].contains(to), "{from} -> {to} not found");
    }
    if let Some(cycle) = find_cycle(&graph) {
        let groups: Vec<String> = tangles(&graph)
            .iter()
            .map(|group| format!("  {} files: {}", group.len(), group.join(", ")))
            .collect();
        panic!(
            "import circle in src/model: {}\nfiles that import each other:\n{}",
            cycle.join(" -> "),
            groups.join("\n")
        );
    }
}

fn sources(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    files
        .iter()
        .map(|(name, text)| (name.to_string(), text.to_string()))
        .collect()
}

#[test]
fn a_circle_through_use_groups_and_super_is_found() {
    let files = sources(&[
        ("model/mod.rs", "pub mod a;\npub mod b;\n"),
        (
            "model/a/mod.rs",
            "pub mod x;\nuse crate::model::{b::{self, Thing}};",
        ),
        ("model/a/x.rs", "use super::super::b as other;\n"),
        (
            "model/b.rs",
            "// use crate::model::a::x;\nfn f() { crate::model::a::x::g(); }",
        ),
    ]);
    let graph = import_graph(&files);
    assert_eq!(
        graph["model/a/mod.rs"],
        BTreeSet::from(["model/b.rs".to_string()])
    );
    assert_eq!(
        graph["model/b.rs"],
        BTreeSet::from(["model/a/x.rs".to_string()])
    );
    let cycle = find_cycle(&graph).expect("b -> a/x -> b");
    assert_eq!(cycle.first(), cycle.last());
    assert!(cycle.contains(&"model/a/x.rs".to_string()), "{cycle:?}");
    assert!(cycle.contains(&"model/b.rs".to_string()), "{cycle:?}");
    assert_eq!(
        tangles(&graph),
        vec![vec!["model/a/x.rs".to_string(), "model/b.rs".to_string()]]
    );
}

#[test]
fn paths_through_an_imported_module_a_child_and_a_test_module_are_followed() {
    let files = sources(&[
        ("model/mod.rs", "pub mod a;\npub mod b;\n"),
        (
            "model/a.rs",
            "use crate::model::b;\nfn f() { b::deep::g(\"crate::model::c\"); }",
        ),
        ("model/b/mod.rs", "pub mod deep;\npub use deep::g;\n"),
        (
            "model/b/deep.rs",
            "#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
        ),
    ]);
    let graph = import_graph(&files);
    assert_eq!(
        graph["model/a.rs"],
        BTreeSet::from(["model/b/deep.rs".to_string(), "model/b/mod.rs".to_string()])
    );
    assert_eq!(
        graph["model/b/mod.rs"],
        BTreeSet::from(["model/b/deep.rs".to_string()])
    );
    assert!(
        graph["model/b/deep.rs"].is_empty(),
        "super in a test module is the file itself"
    );
    assert_eq!(find_cycle(&graph), None);
    assert!(tangles(&graph).is_empty());
}

/// The import graph of the files under `src/<dir>`.
fn graph_of(dir: &str) -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut files = BTreeMap::new();
    read_tree(&root.join(dir), root, &mut files);
    assert!(files.len() > 20, "src/{dir} was not found");
    import_graph(&files)
}

#[test]
fn model_folders_stack() {
    let graph = graph_of("model");
    // The layers the codemap (docs/ARCHITECTURE.md) names, each above the one before.
    let parts = part_graph(&graph, "model");
    for (upper, lower) in [
        ("model/scenario", "model/catalog"),
        ("model/engine", "model/scenario"),
        ("model/presets", "model/engine"),
        ("model/planners", "model/presets"),
        ("model/testbed", "model/planners"),
    ] {
        assert!(parts[upper].contains(lower), "{upper} -> {lower} not found");
    }
    if let Some((dir, cycle)) = folder_loop(&graph) {
        panic!("loop among the parts of {dir}: {}", cycle.join(" -> "));
    }
}

#[test]
fn components_import_no_circle_and_their_folders_stack() {
    let graph = graph_of("components");
    // A file that reaches another through a barrel (`components/mod.rs`'s re-exports) makes the
    // barrel import it back: a circle here.
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import circle in src/components: {}", cycle.join(" -> "));
    }
    if let Some((dir, cycle)) = folder_loop(&graph) {
        panic!("loop among the parts of {dir}: {}", cycle.join(" -> "));
    }
}

#[test]
fn a_loop_through_two_folders_is_found_though_no_file_imports_back() {
    // a/one.rs -> b/two.rs and b/three.rs -> a/four.rs: the files stack, the folders do not.
    let files = sources(&[
        ("model/mod.rs", "pub mod a;\npub mod b;\n"),
        ("model/a/mod.rs", "pub mod four;\npub mod one;\n"),
        ("model/a/one.rs", "use crate::model::b::two::Two;\n"),
        ("model/a/four.rs", "pub struct Four;\n"),
        ("model/b/mod.rs", "pub mod three;\npub mod two;\n"),
        ("model/b/two.rs", "pub struct Two;\n"),
        ("model/b/three.rs", "use crate::model::a::four::Four;\n"),
    ]);
    let graph = import_graph(&files);
    assert_eq!(find_cycle(&graph), None, "no file-level circle");
    let (dir, cycle) = folder_loop(&graph).expect("model/a -> model/b -> model/a");
    assert_eq!(dir, "model");
    assert_eq!(cycle.first(), cycle.last());
    assert!(cycle.contains(&"model/a".to_string()), "{cycle:?}");
    assert!(cycle.contains(&"model/b".to_string()), "{cycle:?}");
    // The same arrows inside one folder are no loop; a file and its folder are one part.
    let files = sources(&[
        ("model/mod.rs", "pub mod a;\n"),
        ("model/a.rs", "pub mod x;\nuse crate::model::a::x::X;\n"),
        ("model/a/x.rs", "pub struct X;\n"),
    ]);
    assert_eq!(folder_loop(&import_graph(&files)), None);
}

#[test]
fn refresh_files_import_no_circle() {
    let graph = graph_of("refresh");
    // The command's layers, one import of each: the readers above the catalog types, the run
    // above the readers, the download (`fetch.rs`) and the run both on the log's words.
    for (from, to) in [
        ("refresh/run.rs", "refresh/aws/offer_json.rs"),
        ("refresh/run.rs", "refresh/words.rs"),
        ("refresh/words.rs", "refresh/catalog.rs"),
        ("refresh/aws/offer_json.rs", "refresh/json.rs"),
        ("refresh/azure.rs", "refresh/catalog.rs"),
    ] {
        assert!(graph[from].contains(to), "{from} -> {to} not found");
    }
    // The download and the run: the run calls the download, never the other way round.
    assert!(!graph["refresh/fetch.rs"].contains("refresh/run.rs"));
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import circle in src/refresh: {}", cycle.join(" -> "));
    }
    if let Some((dir, cycle)) = folder_loop(&graph) {
        panic!("loop among the parts of {dir}: {}", cycle.join(" -> "));
    }
}
