//! The app's JSON against serde and serde_json, the independent implementation it replaces
//! (a test-only dependency): the writer must give the very bytes `serde_json::to_string` gives
//! for the model's serde derive, and the reader must accept what `serde_json::from_slice`
//! accepts, refuse what it refuses, and read the same values.

use serde::Serialize;
use serde_json::Value as SerdeValue;

use crate::model::catalog::hardware::Hardware;
use crate::model::catalog::offer::PriceModel;
use crate::model::catalog::stand_in::{custom_offer, custom_offer_id, CustomOffer};
use crate::model::catalog::Catalog;
use crate::model::engine::price_age::PriceAge;
use crate::model::evaluate;
use crate::model::export::{json as export_json, JsonExport};
use crate::model::json::{
    indent_json, parse, to_json, Number, ToJson, Unsupported, Value, MAX_DEPTH,
};
use crate::model::presets::builtin_presets;
use crate::model::scenario::course::PoolShare;
use crate::model::scenario::levers::AutoStop;
use crate::model::scenario::{Capacity, OfferChoice, Scenario};

fn catalog() -> &'static Catalog {
    Catalog::builtin().expect("the catalog")
}

/// Every preset, and each edited in ways that reach every optional and skipped field: a title
/// and notes with characters that need escaping, a capacity, levers on, a custom offer chosen as
/// a stand-in, a pool, spot pricing in another currency, and awkward numbers.
pub(crate) fn scenarios() -> Vec<Scenario> {
    let presets = builtin_presets().expect("the presets");
    let mut all: Vec<Scenario> = presets.iter().map(|p| p.scenario.clone()).collect();
    for preset in presets {
        let mut s = preset.scenario.clone();
        s.title = "Fall \"26\" \\ ML-sys\n\tcourse é€😀 \u{1}".into();
        s.notes = "</script> & {x}: [1, 2]".into();
        s.course.students = 240.0;
        s.course.term_weeks = 15.5;
        s.pricing.discount_pct = 0.1 + 0.2;
        s.pricing.overhead_pct = 12.345_678_901_234_5;
        s.planning.budget_usd = 123_456_789.125;
        s.planning.spread_sigma = 1e-7;
        all.push(s.clone());

        s.pricing.model = PriceModel::Spot;
        s.pricing.currency = "EUR".into();
        s.pricing.usd_to_currency = 0.923_456;
        s.levers.vm_lease_cap_hours = Some(4.5);
        s.levers.auto_stop = Some(AutoStop::default());
        s.levers.gpu_sharing_students = Some(2.0);
        s.levers.right_size = true;
        s.capacity.push(Capacity {
            resource: "gpu_a100_pcie".into(),
            units: 4.0,
            start_week: 12.5,
            weeks: 3.0,
            note: "reserved".into(),
        });
        let id = custom_offer_id(1);
        // A campus cluster's node at its internal rate: other digits than the shared fixtures'.
        let specs = Hardware {
            vcpu: 64,
            ram_gb: 512.0,
            gpu_model: "A100 40GB \"campus\"".into(),
            gpu_count: 4,
            gpu_mem_gb: 40.0,
        };
        let name = "Campus cluster node".into();
        let custom = CustomOffer {
            name,
            specs,
            usd_per_hour: 4.25,
        };
        s.custom_offers.push(custom_offer(id.clone(), &custom));
        s.stand_in_choices.push(OfferChoice {
            provider: "custom".into(),
            resource: "gpu_a100_pcie".into(),
            offer: id,
            fraction: 0.5,
        });
        if let Some(first) = s.course.project.uses.first_mut() {
            first.pool = vec![
                PoolShare {
                    resource: first.resource.clone(),
                    share_pct: 62.5,
                },
                PoolShare {
                    resource: "m1.large".into(),
                    share_pct: 37.5,
                },
            ];
        }
        all.push(s);
    }
    all
}

fn serde_text<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("serde writes it")
}

#[test]
fn scenarios_estimates_and_exports_are_written_as_serde_wrote_them() {
    let mut priced = 0;
    for scenario in scenarios() {
        assert_eq!(
            to_json(&scenario),
            Ok(serde_text(&scenario)),
            "{}",
            scenario.title
        );
        let estimate = match evaluate(&scenario, catalog()) {
            Ok(estimate) => estimate,
            Err(errors) => {
                eprintln!("{}: {errors:?}", scenario.title);
                continue;
            }
        };
        priced += 1;
        assert_eq!(to_json(&estimate), Ok(serde_text(&estimate)));
        let age = PriceAge::of_prices(&estimate.lines, catalog(), &scenario.pricing.snapshot);
        assert_eq!(to_json(&age), Ok(serde_text(&age)));
        let link = "https://example.invalid/#s=x\"y";
        assert_eq!(
            export_json(&scenario, &estimate, link),
            indent_json(&serde_text(&JsonExport::of(&scenario, &estimate, link)))
        );
    }
    // Every preset and its edits priced (the edits keep the scenarios valid).
    let presets = builtin_presets().expect("presets").len();
    assert!(priced >= 2 * presets, "{priced} of {}", 3 * presets);
}

#[test]
fn every_kind_of_f64_is_written_as_serde_json_writes_it() {
    let mut state = crate::test_rng::Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut values = vec![
        0.0,
        -0.0,
        1.0,
        0.1,
        1e15,
        1e16,
        1e-5,
        1e-6,
        5e-324,
        f64::MAX,
    ];
    values.extend([f64::MIN_POSITIVE, 2f64.powi(53), 2f64.powi(-1074) * 3.0]);
    for i in 0..200_000 {
        let bits = state.next_u64();
        let value = match i % 4 {
            // Any bit pattern (NaN and infinities included).
            0 => f64::from_bits(bits),
            // Cents, as money is.
            1 => (bits % 10_000_000) as f64 / 100.0,
            // Whole numbers of every size.
            2 => (bits >> (bits % 64)) as f64,
            // Around every decimal exponent.
            _ => (bits % 1000) as f64 * 10f64.powi((bits % 700) as i32 - 350),
        };
        values.push(value);
    }
    for value in values {
        let expected = if value.is_finite() {
            serde_text(&value)
        } else {
            "null".to_string()
        };
        assert_eq!(to_json(&value).as_ref(), Ok(&expected), "{value:e}");
        assert_eq!(value.to_json(), expected, "{value:e}");
    }
}

#[test]
fn every_character_is_escaped_as_serde_json_escapes_it() {
    let mut text: String = (0u32..0x800).filter_map(char::from_u32).collect();
    text.push_str("\u{2028}\u{2029}\u{fffd}\u{10ffff}😀");
    assert_eq!(text.to_json(), serde_text(&text));
    assert_eq!(to_json(&text), Ok(serde_text(&text)));
    for c in text.chars() {
        let one = c.to_string();
        assert_eq!(one.to_json(), serde_text(&one), "{:x}", c as u32);
        assert_eq!(to_json(&one), Ok(serde_text(&one)), "{:x}", c as u32);
    }
}

/// What the serializer is given beyond the model's shapes is written as serde_json writes it
/// where supported (integers of every width, maps with string keys, unit values, newtype
/// variants), and refused where not.
#[test]
fn the_serializer_writes_what_serde_json_writes_and_refuses_the_rest() {
    #[derive(Serialize)]
    enum Shapes {
        Newtype(i8),
        Tuple(u8, u8),
        Struct { a: u8 },
    }
    #[derive(Serialize)]
    struct Unit;
    let mut map = std::collections::BTreeMap::new();
    map.insert("b\"", (u8::MAX, u16::MAX, u32::MAX, u64::MAX));
    map.insert("a", (0, 1, 2, 3));
    assert_eq!(to_json(&map), Ok(serde_text(&map)));
    let signed = [
        (i8::MIN, i16::MIN, i32::MIN, i64::MIN),
        (-1, 0, 1, i64::MAX),
    ];
    assert_eq!(to_json(&signed), Ok(serde_text(&signed)));
    assert_eq!(
        to_json(&((), Unit, None::<u8>, Some(true), Shapes::Newtype(-1))),
        Ok(serde_text(&(
            (),
            Unit,
            None::<u8>,
            Some(true),
            Shapes::Newtype(-1)
        )))
    );
    assert_eq!(to_json(&Vec::<u8>::new()), Ok("[]".to_string()));
    assert_eq!(to_json(&'x'), Err(Unsupported));
    assert_eq!(to_json(&1.5f32), Err(Unsupported));
    assert_eq!(to_json(&Shapes::Tuple(1, 2)), Err(Unsupported));
    assert_eq!(to_json(&Shapes::Struct { a: 1 }), Err(Unsupported));
    let mut numbered = std::collections::BTreeMap::new();
    numbered.insert(1u8, 2u8);
    assert_eq!(to_json(&numbered), Err(Unsupported));
}

/// serde_json's value for the app's, built member by member (a repeated key: the last counts).
fn as_serde(value: &Value) -> SerdeValue {
    match value {
        Value::Null => SerdeValue::Null,
        Value::Bool(flag) => SerdeValue::Bool(*flag),
        Value::Number(Number::PosInt(n)) => SerdeValue::from(*n),
        Value::Number(Number::NegInt(n)) => SerdeValue::from(*n),
        Value::Number(Number::Float(n)) => SerdeValue::from(*n),
        Value::String(text) => SerdeValue::String(text.clone()),
        Value::Array(items) => SerdeValue::Array(items.iter().map(as_serde).collect()),
        Value::Object(object) => {
            let mut map = serde_json::Map::new();
            for (key, value) in object.iter() {
                map.insert(key.clone(), as_serde(value));
            }
            SerdeValue::Object(map)
        }
    }
}

/// Whether two values are the same, floats allowed one bit apart (serde_json's default float
/// parsing is not always correctly rounded; the app's is).
fn same(app: &SerdeValue, serde: &SerdeValue) -> bool {
    match (app, serde) {
        (SerdeValue::Number(a), SerdeValue::Number(b)) if a.is_f64() && b.is_f64() => {
            let (a, b) = (a.as_f64().unwrap_or(0.0), b.as_f64().unwrap_or(0.0));
            a.to_bits().abs_diff(b.to_bits()) <= 1
        }
        (SerdeValue::Array(a), SerdeValue::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same(a, b))
        }
        (SerdeValue::Object(a), SerdeValue::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|((ka, a), (kb, b))| ka == kb && same(a, b))
        }
        _ => app == serde,
    }
}

/// The app's reader and serde_json's agree on `text`: both refuse it, or both read the same.
pub(crate) fn reads_as_serde_json(text: &[u8]) {
    let app = parse(text);
    let serde = serde_json::from_slice::<SerdeValue>(text);
    match (&app, &serde) {
        (Ok(app), Ok(serde)) => assert!(
            same(&as_serde(app), serde),
            "{:?}: {app:?} against {serde}",
            String::from_utf8_lossy(text)
        ),
        (Err(_), Err(_)) => {}
        _ => panic!(
            "{:?}: the app reads {app:?}, serde_json {serde:?}",
            String::from_utf8_lossy(text)
        ),
    }
}

/// JSON the app writes and reads: the kept list's, a note's, exports (links: `share::encode`).
fn valid_documents() -> Vec<String> {
    let presets = builtin_presets().expect("presets");
    let mut documents = vec![
        r#"{"name":"A","why":"b","at_ms":1764585000000.0,"payload":"x"}"#.to_string(),
        r#"["s=abc","payload"]"#.to_string(),
        " { \"a\" : [ 1 , -2 , 3.5e-7 , true , false , null , \"\\u00e9\\ud83d\\ude00\\n\" ] } \n"
            .to_string(),
        r#"{"a":1,"a":2,"b":{"a":[{}],"c":[]}}"#.to_string(),
    ];
    for scenario in scenarios().into_iter().take(presets.len() + 2) {
        if let Ok(estimate) = evaluate(&scenario, catalog()) {
            documents.push(export_json(
                &scenario,
                &estimate,
                "https://example.invalid/",
            ));
        }
    }
    documents
}

#[test]
fn valid_json_reads_as_serde_json_reads_it() {
    for document in valid_documents() {
        assert!(parse(document.as_bytes()).is_ok(), "{document}");
        reads_as_serde_json(document.as_bytes());
    }
}

#[test]
fn hostile_json_is_refused_or_read_as_serde_json_does() {
    let nested = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let objects = |depth: usize| format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth));
    let mut cases: Vec<String> = [MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 10_000]
        .iter()
        .flat_map(|&depth| [nested(depth), objects(depth)])
        .collect();
    let digits = "9".repeat(400);
    let texts = [
        // Numbers: out of range, at the edges of the integer types, signed zeros, bad forms.
        "1e309",
        "-1e309",
        "1e-400",
        "-1e-400",
        "0e99999999999",
        "1e99999999999999999999",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "-0",
        "-0.0",
        "0.1",
        "123456789012345678901234567890",
        "01",
        "-01",
        "1.",
        ".5",
        "+1",
        "-",
        "1e",
        "1e+",
        "1.5e-",
        "0x10",
        "1_000",
        "NaN",
        "Infinity",
        "-Infinity",
        "2.2250738585072011e-308",
        "4.9406564584124654e-324",
        // Strings: bad escapes, lone surrogates, control characters, unterminated.
        r#""\x""#,
        r#""\u12""#,
        r#""\u12G4""#,
        r#""\ud800""#,
        r#""\udc00""#,
        r#""\ud800\u0041""#,
        r#""\ud800x""#,
        r#""\ud800\n""#,
        r#""\ud83d\ude00""#,
        "\"a\tb\"",
        "\"a\u{7f}b\"",
        "\"abc",
        "\"\\",
        "\"\\u",
        // Structure: trailing garbage, missing parts, bad literals, white space.
        "{} x",
        "[1]]",
        "[1,]",
        "[,1]",
        "{\"a\":1,}",
        "{\"a\"}",
        "{a:1}",
        "{\"a\" 1}",
        "[1 2]",
        "",
        " ",
        "nul",
        "truex",
        "True",
        "\u{feff}{}",
        "{}\u{0}",
        "\u{a0}1",
        "[\"a\"\u{c}]",
        "[1]\r\n\t ",
    ];
    cases.extend(texts.iter().map(|t| t.to_string()));
    cases.push(digits.clone());
    cases.push(format!("-{digits}.5e-10"));
    for case in &cases {
        reads_as_serde_json(case.as_bytes());
    }
    // Bytes that are no UTF-8, inside and outside a string.
    for bytes in [
        &b"\"\xff\""[..],
        b"\"\xc3\"",
        b"[\xe2\x82]",
        b"\xef\xbb\xbf1",
    ] {
        reads_as_serde_json(bytes);
    }
    // The errors say what and where.
    let error = parse(b"[1, 2 x]").expect_err("refused");
    assert_eq!(error.to_string(), "expected , or ] in an array at byte 6");
    assert!(parse(nested(10_000).as_bytes())
        .expect_err("too deep")
        .what
        .contains("nested too deeply"));
}

#[test]
fn changed_bytes_of_valid_json_are_refused_or_read_as_serde_json_does() {
    let mut state = crate::test_rng::Rng::new(0x2545_f491_4f6c_dd1d);
    let alphabet = b"{}[]:,\"\\u0123456789.eE+-tfnrl aZ\xff\xc3\x80\x00\x1f";
    for document in valid_documents().iter().take(6) {
        let bytes = document.as_bytes();
        for _ in 0..1500 {
            let mut changed = bytes.to_vec();
            for _ in 0..=(state.next_u64() % 3) {
                let at = (state.next_u64() % changed.len() as u64) as usize;
                let byte = alphabet[(state.next_u64() % alphabet.len() as u64) as usize];
                match state.next_u64() % 3 {
                    0 => changed[at] = byte,
                    1 => changed.insert(at, byte),
                    _ => {
                        changed.remove(at);
                    }
                }
            }
            reads_as_serde_json(&changed);
        }
    }
}

#[test]
fn values_read_are_written_back_as_serde_json_writes_them() {
    for document in valid_documents() {
        let value = parse(document.as_bytes()).expect("valid");
        let serde: SerdeValue = serde_json::from_slice(document.as_bytes()).expect("valid");
        assert!(same(&as_serde(&value), &serde));
        let compact =
            serde_json::to_string(&serde_json::from_str::<SerdeValue>(&document).expect("valid"))
                .expect("writes");
        assert_eq!(
            parse(compact.as_bytes()).expect("valid").to_json(),
            compact,
            "the app writes back exactly what it read, when the keys come sorted"
        );
    }
}
