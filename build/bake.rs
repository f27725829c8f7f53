//! Writes TOML data as Rust source: each table as a struct literal of the type its [`Shape`]
//! names, each array of tables as a `&[...]` slice, so the app holds its data as statics and
//! parses nothing at startup. What JSON parsing used to catch is checked here, and an error
//! names the key: a missing or unknown key, a value of the wrong type, a number out of range.

use toml::Value;

/// What a TOML value becomes in Rust.
pub(crate) enum Ty {
    /// A string, as `&'static str`.
    Str,
    /// A string, as `Cow<'static, str>` (a field the user's own data shares, owned).
    Cow,
    /// An optional string, as `Option<&'static str>` (absent: `None`).
    OptStr,
    /// An optional string, as `Option<Cow<'static, str>>` (absent: `None`).
    OptCow,
    /// A number (float or integer in the file), as a finite `f64`.
    Num,
    /// An optional number, as `Option<f64>` (absent: `None`).
    OptNum,
    /// A non-negative integer, as the Rust integer type named, with its largest value.
    Int(&'static str, u64),
    /// `true` or `false`.
    Bool,
    /// One of a fixed set of strings, each written as the Rust path beside it.
    Enum(&'static [(&'static str, &'static str)]),
    /// An array of strings, as `&'static [&'static str]`.
    StrList,
    /// A table, as a struct literal.
    Table(&'static Shape),
    /// An optional table, as `Option<...>` (absent: `None`).
    OptTable(&'static Shape),
    /// An array of tables, as a `&'static [...]` slice.
    List(&'static Shape),
    /// A struct whose fields stand beside the others in the same table (serde's `flatten`).
    Flat(&'static Shape),
}

/// One field of a struct: its key in the file (the Rust field has the same name), what it
/// becomes, and the Rust expression written when the file leaves it out (`None`: required;
/// optional types are `None` when left out without one).
pub(crate) struct Field {
    /// The key in the file and the field's name in Rust.
    pub(crate) key: &'static str,
    /// What the value becomes.
    pub(crate) ty: Ty,
    /// The Rust expression for a value the file leaves out; `None`: the key is required.
    pub(crate) or: Option<&'static str>,
}

/// A Rust struct and the fields the file gives it.
pub(crate) struct Shape {
    /// The type's name where the generated file is included.
    pub(crate) rust: &'static str,
    /// Its fields, in any order.
    pub(crate) fields: &'static [Field],
}

/// A list baked as a static: its key in the file, the static's name, the shape of its items.
pub(crate) type List = (&'static str, &'static str, &'static Shape);

/// The keys a table of `shape` may hold, flattened fields' keys included.
fn known_keys(shape: &Shape, keys: &mut Vec<&'static str>) {
    for field in shape.fields {
        match &field.ty {
            Ty::Flat(inner) => known_keys(inner, keys),
            _ => keys.push(field.key),
        }
    }
}

/// `value` as a Rust expression of type `ty`; `at` is its key path, for errors.
fn expr(value: &Value, ty: &Ty, at: &str) -> Result<String, String> {
    let wrong = |want: &str| format!("{at}: expected {want}, found {}", value.type_str());
    let text = || value.as_str().ok_or_else(|| wrong("a string"));
    Ok(match ty {
        Ty::Str => format!("{:?}", text()?),
        Ty::Cow => format!("Cow::Borrowed({:?})", text()?),
        Ty::OptStr => format!("Some({:?})", text()?),
        Ty::OptCow => format!("Some(Cow::Borrowed({:?}))", text()?),
        Ty::Num => number(value, at)?,
        Ty::OptNum => format!("Some({})", number(value, at)?),
        Ty::Int(rust, max) => {
            let n = value.as_integer().ok_or_else(|| wrong("an integer"))?;
            match u64::try_from(n) {
                Ok(n) if n <= *max => format!("{n}_{rust}"),
                _ => return Err(format!("{at}: {n} is not a {rust} (0 to {max})")),
            }
        }
        Ty::Bool => value
            .as_bool()
            .ok_or_else(|| wrong("true or false"))?
            .to_string(),
        Ty::Enum(variants) => {
            let word = text()?;
            let found = variants.iter().find(|(name, _)| *name == word);
            let names: Vec<&str> = variants.iter().map(|(name, _)| *name).collect();
            match found {
                Some((_, path)) => (*path).to_string(),
                None => return Err(format!("{at}: {word:?} is not one of {names:?}")),
            }
        }
        Ty::StrList => {
            let items = value
                .as_array()
                .ok_or_else(|| wrong("an array of strings"))?;
            let mut out = Vec::new();
            for (i, item) in items.iter().enumerate() {
                out.push(expr(item, &Ty::Str, &format!("{at}[{i}]"))?);
            }
            format!("&[{}]", out.join(", "))
        }
        Ty::Table(shape) => table(value, shape, at)?,
        Ty::OptTable(shape) => format!("Some({})", table(value, shape, at)?),
        Ty::List(shape) => {
            let items = value
                .as_array()
                .ok_or_else(|| wrong("an array of tables"))?;
            let mut out = Vec::new();
            for (i, item) in items.iter().enumerate() {
                let named = item.get("id").and_then(Value::as_str);
                let at = match named {
                    Some(id) => format!("{at}[{i}] (id {id:?})"),
                    None => format!("{at}[{i}]"),
                };
                out.push(table(item, shape, &at)?);
            }
            format!("&[\n{}\n]", out.join(",\n"))
        }
        Ty::Flat(_) => return Err(format!("{at}: a flattened struct is not a value")),
    })
}

/// A finite number as an `f64` literal that reads back to the same bits (`{:?}` prints the
/// shortest such digits; an integer in the file gets its `.0`).
fn number(value: &Value, at: &str) -> Result<String, String> {
    let n = match value {
        Value::Float(f) => *f,
        // Every integer a data file holds is far below 2^53, so exactly an f64.
        #[allow(clippy::cast_precision_loss)]
        Value::Integer(i) => *i as f64,
        other => {
            return Err(format!(
                "{at}: expected a number, found {}",
                other.type_str()
            ))
        }
    };
    if n.is_finite() {
        Ok(format!("{n:?}_f64"))
    } else {
        Err(format!("{at}: {n} is not a finite number"))
    }
}

/// A table as a struct literal of `shape`: every key known, every required key there.
fn table(value: &Value, shape: &Shape, at: &str) -> Result<String, String> {
    let fields = value
        .as_table()
        .ok_or_else(|| format!("{at}: expected a table, found {}", value.type_str()))?;
    let mut keys = Vec::new();
    known_keys(shape, &mut keys);
    if let Some(key) = fields.keys().find(|k| !keys.contains(&k.as_str())) {
        return Err(format!(
            "{at}: unknown key `{key}` (known: {})",
            keys.join(", ")
        ));
    }
    literal(value, shape, at)
}

/// The struct literal of `shape` from the keys of `value` (a table).
fn literal(value: &Value, shape: &Shape, at: &str) -> Result<String, String> {
    let mut out = Vec::new();
    for field in shape.fields {
        let code = match (&field.ty, value.get(field.key)) {
            (Ty::Flat(inner), _) => literal(value, inner, at)?,
            (ty, Some(given)) => expr(given, ty, &format!("{at}.{}", field.key))?,
            (_, None) if field.or.is_some() => field.or.unwrap_or_default().to_string(),
            (Ty::OptStr | Ty::OptCow | Ty::OptNum | Ty::OptTable(_), None) => "None".to_string(),
            (_, None) => return Err(format!("{at}: missing key `{}`", field.key)),
        };
        out.push(format!("{}: {code}", field.key));
    }
    Ok(format!("{} {{ {} }}", shape.rust, out.join(", ")))
}

/// `pub(crate) static NAME: &[Type] = &[...];` for each `(key, NAME, shape)` of `top` (the
/// file's top-level table), which may hold no other key.
pub(crate) fn lists(top: &Value, lists: &[List]) -> Result<String, String> {
    let keys: Vec<&str> = lists.iter().map(|(key, _, _)| *key).collect();
    let fields = top.as_table().ok_or("the file is not a table")?;
    if let Some(key) = fields.keys().find(|k| !keys.contains(&k.as_str())) {
        return Err(format!("unknown key `{key}` (known: {})", keys.join(", ")));
    }
    let mut out = String::new();
    for (key, name, shape) in lists {
        let list = top.get(key).ok_or_else(|| format!("missing key `{key}`"))?;
        let code = expr(list, &Ty::List(shape), key)?;
        out.push_str(&item(name, &format!("&[{}]", shape.rust), &code));
    }
    Ok(out)
}

/// `pub(crate) static NAME: Type = ...;` of the whole file `top` as one `shape`.
pub(crate) fn whole(top: &Value, name: &str, shape: &Shape) -> Result<String, String> {
    let code = table(top, shape, "(top level)")?;
    Ok(item(name, shape.rust, &code))
}

/// `pub(crate) static NAME: &[Type] = &[...];` with one `shape` per file in `files`
/// (file name, contents); an error names the file.
pub(crate) fn one_per_file(
    files: &[(String, Value)],
    name: &str,
    shape: &Shape,
) -> Result<String, String> {
    let mut out = Vec::new();
    for (file, top) in files {
        out.push(table(top, shape, "(top level)").map_err(|e| format!("src/data/{file}: {e}"))?);
    }
    let code = format!("&[\n{}\n]", out.join(",\n"));
    Ok(item(name, &format!("&[{}]", shape.rust), &code))
}

/// One generated static.
fn item(name: &str, rust: &str, code: &str) -> String {
    format!(
        "/// Baked by `build.rs` from `src/data/`.\n\
         #[allow(clippy::approx_constant, clippy::excessive_precision, clippy::unreadable_literal)]\n\
         pub(crate) static {name}: {rust} = {code};\n"
    )
}
