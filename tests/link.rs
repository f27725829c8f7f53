//! Share links: round trips, sizes, the golden corpus, and links that cannot be trusted.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use common::{catalog, estimate, exact_json, paper, pooled_use, random_edits, Rng};
use course_cost::model::edit::change::{apply_change, Change};
use course_cost::model::edit::number::apply_number;
use course_cost::model::presets::builtin_presets;
#[allow(unused_imports)]
use course_cost::model::scenario::field::{
    overrun_setting, FieldPath, LabField, PhaseKey, Setting, UseField, UseSite,
};

use course_cost::model::scenario::validate::validate;
use course_cost::model::share::{decode, encode, encode_fragment, payload_of, LINK_VERSION};
use course_cost::model::Scenario;

fn round_trip(scenario: &Scenario) -> Scenario {
    let payload = encode(scenario, paper());
    let decoded = decode(&payload, catalog()).expect("presets load");
    assert!(decoded.notices.is_empty(), "{:?}", decoded.notices);
    decoded.scenario
}

fn decode_json(json: &str) -> course_cost::model::share::Decoded {
    decode(&URL_SAFE_NO_PAD.encode(json), catalog()).expect("presets load")
}

#[test]
fn the_default_scenario_is_a_tiny_link() {
    let payload = encode(&paper().scenario, paper());
    assert!(payload.len() < 40, "{payload}");
    assert_eq!(round_trip(&paper().scenario), paper().scenario);
    assert_eq!(
        payload_of(&format!("#{}", encode_fragment(&paper().scenario, paper()))),
        Some(payload)
    );
}

#[test]
fn a_few_edits_stay_under_300_characters() {
    let c = catalog();
    let mut s = paper().scenario.clone();
    s = apply_number(&s, c, Setting::Students, "240").expect("valid");
    s = apply_number(&s, c, Setting::DiscountPct, "12.5").expect("valid");
    s = apply_number(&s, c, FieldPath::lab_use(1, 0, 0, UseField::Hours), "6").expect("valid");
    s = apply_change(&s, c, Change::SetProvider("gcp".into())).expect("valid");
    s = apply_change(
        &s,
        c,
        Change::ChooseOffer {
            provider: "gcp".into(),
            resource: "gpu_mi100".into(),
            offer: "gcp/a2-highgpu-2g".into(),
        },
    )
    .expect("valid");
    let fragment = encode_fragment(&s, paper());
    assert!(
        fragment.len() < 300,
        "{} characters: {fragment}",
        fragment.len()
    );
    assert_eq!(round_trip(&s), s);
}

#[test]
fn a_heavily_customised_course_stays_under_2000_characters() {
    let c = catalog();
    let mut s = paper().scenario.clone();
    // Every lab renamed and re-planned, four labs added, a custom offer and choices on two providers.
    for lab in 0..8 {
        s = apply_change(
            &s,
            c,
            Change::RenameLab {
                lab,
                name: format!("Week {} lab, redesigned", lab + 1),
            },
        )
        .expect("valid");
        s = apply_number(&s, c, FieldPath::lab_use(lab, 0, 0, UseField::Hours), "4.5")
            .expect("valid");
    }
    for _ in 0..4 {
        s = apply_change(&s, c, Change::AddLab).expect("valid");
        let lab = s.course.labs.len() - 1;
        s = apply_change(&s, c, Change::AddUse(UseSite::Lab { lab, option: 0 })).expect("valid");
        s = apply_change(
            &s,
            c,
            Change::SetUseResource {
                site: UseSite::Lab { lab, option: 0 },
                item: 1,
                resource: "gpu_rtx_6000".into(),
            },
        )
        .expect("valid");
    }
    s = apply_change(
        &s,
        c,
        Change::AddCustomOffer(common::a100_custom_offer(
            "University GPU cluster (negotiated)",
        )),
    )
    .expect("valid");
    for resource in ["gpu_a100_pcie", "gpu_v100", "gpu_mi100"] {
        s = apply_change(
            &s,
            c,
            Change::ChooseOffer {
                provider: "aws".into(),
                resource: resource.into(),
                offer: "custom/1".into(),
            },
        )
        .expect("valid");
        s = apply_change(
            &s,
            c,
            Change::ChooseOffer {
                provider: "azure".into(),
                resource: resource.into(),
                offer: "azure/Standard_NC96ads_A100_v4".into(),
            },
        )
        .expect("valid");
    }
    s = apply_number(&s, c, FieldPath::project_use(1, UseField::Hours), "12").expect("valid");
    s = apply_number(
        &s,
        c,
        overrun_setting(
            PhaseKey::Labs,
            course_cost::model::catalog::resource::ResourceKind::Vm,
        )
        .expect("not network"),
        "3",
    )
    .expect("valid");
    s = apply_number(&s, c, Setting::CreditPerStudent, "50").expect("valid");
    let fragment = encode_fragment(&s, paper());
    assert!(fragment.len() < 2000, "{} characters", fragment.len());
    assert_eq!(round_trip(&s), s);
}

#[test]
fn any_scenario_survives_the_round_trip() {
    let mut rng = Rng::new(0x5eed_1ab5);
    for case in 0..1_500 {
        let start = &builtin_presets().expect("presets")[case % 3];
        let s = random_edits(&start.scenario, &mut rng, 1 + case % 25);
        for base in builtin_presets().expect("presets") {
            let decoded = decode(&encode(&s, base), catalog()).expect("presets load");
            assert!(
                decoded.notices.is_empty(),
                "case {case}: {:?}",
                decoded.notices
            );
            assert_eq!(decoded.scenario, s, "case {case} from {}", base.id);
        }
    }
}

#[derive(serde::Deserialize)]
struct Entry {
    name: String,
    payload: String,
    scenario: Scenario,
}

/// The version a payload says it is, read straight from its JSON.
fn version_of(payload: &str) -> u64 {
    let bytes = URL_SAFE_NO_PAD.decode(payload).expect("base64");
    let json = miniz_oxide::inflate::decompress_to_vec(&bytes).expect("inflates");
    let value: serde_json::Value = serde_json::from_slice(&json).expect("JSON");
    value["v"].as_u64().expect("a version")
}

fn check_corpus(text: &str, version: u64) {
    let corpus: Vec<Entry> = serde_json::from_value(exact_json(text)).expect("corpus parses");
    assert!(corpus.len() >= 10);
    for entry in corpus {
        assert_eq!(version_of(&entry.payload), version, "{}", entry.name);
        let decoded = decode(&entry.payload, catalog()).expect("presets load");
        // Earlier encoders left out a rate equal to the preset's (1), so a link in another
        // currency at 1:1 carries none: it decodes the same, and now asks for a rate.
        let pricing = &entry.scenario.pricing;
        let rateless = pricing.currency != "USD" && pricing.usd_to_currency == 1.0;
        let notices: Vec<&String> = decoded
            .notices
            .iter()
            .filter(|n| !(rateless && n.contains("gives no exchange rate")))
            .collect();
        assert_eq!(
            decoded.notices.len(),
            usize::from(rateless),
            "{}: {:?}",
            entry.name,
            decoded.notices
        );
        assert!(notices.is_empty(), "{}: {:?}", entry.name, decoded.notices);
        assert_eq!(decoded.scenario, entry.scenario, "{}", entry.name);
    }
}

/// The golden corpus of link version `version`: `tests/links/v<version>.json`, if written.
fn corpus_text(version: u64) -> Option<String> {
    let path = format!("{}/tests/links/v{version}.json", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).ok()
}

/// Links written by each released version, with the scenario each must decode to, forever:
/// version 1 (the first), 2 (the settings map), 3 (the current one) and every later one.
#[test]
fn the_golden_corpus_decodes_to_the_same_scenarios() {
    for version in 1..=LINK_VERSION {
        let text = corpus_text(version).unwrap_or_else(|| panic!("{}", missing_corpus(version)));
        check_corpus(&text, version);
    }
}

/// What a link version without a corpus is told.
fn missing_corpus(version: u64) -> String {
    format!(
        "link version {version} has no golden corpus tests/links/v{version}.json: write it once \
         with `cargo test --test link -- --ignored write_corpus`"
    )
}

/// Every link version up to [`LINK_VERSION`] has its corpus, and the test above reads each: a new
/// version without one fails here, naming the file to write.
#[test]
fn every_link_version_has_a_golden_corpus() {
    let missing: Vec<String> = (1..=LINK_VERSION)
        .filter(|&version| corpus_text(version).is_none())
        .map(missing_corpus)
        .collect();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    // A corpus of a version the code does not know yet would be read by nobody.
    assert!(corpus_text(LINK_VERSION + 1).is_none());
}

/// Writes tests/links/v<LINK_VERSION>.json. Run once per released link version, never to "fix"
/// a failure: `cargo test --test link -- --ignored write_corpus`. It refuses to overwrite a
/// corpus that exists.
#[test]
#[ignore]
fn write_corpus() {
    let mut rng = Rng::new(20261129);
    let mut entries = Vec::new();
    for (i, preset) in builtin_presets().expect("presets").iter().enumerate() {
        entries.push(serde_json::json!({
            "name": format!("preset {} as it is", preset.id),
            "payload": encode(&preset.scenario, preset),
            "scenario": preset.scenario,
        }));
        for n in 0..4 {
            let s = random_edits(&preset.scenario, &mut rng, 3 + 7 * n + i);
            entries.push(serde_json::json!({
                "name": format!("{} with {} random edits", preset.id, 3 + 7 * n + i),
                "payload": encode(&s, preset),
                "scenario": s,
            }));
        }
    }
    let text = serde_json::to_string_pretty(&entries).expect("serialises");
    let path = format!(
        "{}/tests/links/v{LINK_VERSION}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .expect("the corpus of this version is written once");
    std::io::Write::write_all(&mut file, (text + "\n").as_bytes()).expect("writes the corpus");
}

#[test]
fn damaged_links_load_the_default_with_a_notice() {
    let good = encode(
        &apply_number(&paper().scenario, catalog(), Setting::Students, "300").expect("valid"),
        paper(),
    );
    for (what, payload) in [
        ("truncated", good[..good.len() / 2].to_string()),
        ("not base64", "%%%not-a-link%%%".to_string()),
        ("empty", String::new()),
        ("not an object", URL_SAFE_NO_PAD.encode("[1,2,3]")),
        ("too long", "A".repeat(20_000)),
    ] {
        let decoded = decode(&payload, catalog()).expect("presets load");
        assert_eq!(decoded.scenario, paper().start, "{what}");
        assert_eq!(decoded.notices.len(), 1, "{what}: {:?}", decoded.notices);
    }
}

#[test]
fn a_link_from_the_future_loads_what_it_can() {
    let decoded = decode_json(&format!(
        r#"{{"v":99,"p":"{}","n":{{"course.students":250,"course.tutors":4}},"zz":{{"new":"thing"}}}}"#,
        paper().id
    ));
    assert_eq!(decoded.scenario.course.students, 250.0);
    assert!(decoded.notices[0].contains("newer version"));
    assert!(
        decoded.notices[1].contains("\"course.tutors\""),
        "{:?}",
        decoded.notices
    );
    assert_eq!(decoded.notices.len(), 2);
}

#[test]
fn absurd_values_are_dropped_and_the_rest_loads() {
    let decoded = decode_json(
        r#"{"v":1,"p":"paper-s25","s":-5,"d":12,"tw":1e300,"pv":"nowhere","r":[1,2,3],"cu":"<script>"}"#,
    );
    let s = &decoded.scenario;
    assert_eq!(s.course.students, 191.0, "negative enrollment dropped");
    assert_eq!(s.pricing.discount_pct, 12.0, "the valid discount kept");
    assert_eq!(s.course.term_weeks, 16.0);
    assert_eq!(s.pricing.provider, "aws");
    assert_eq!(s.pricing.currency, "USD");
    assert_eq!(decoded.notices.len(), 5, "{:?}", decoded.notices);
    assert!(validate(s, catalog()).is_empty());
}

#[test]
fn thousands_of_labs_are_bounded() {
    let lab = r#"{"n":"x","o":[{"n":"o","p":100,"u":[["m1.small",1,1,0]]}]}"#;
    let json = format!(r#"{{"v":1,"l":[{}]}}"#, vec![lab; 5_000].join(","));
    let payload = URL_SAFE_NO_PAD.encode(&json);
    // Too long to be read at all: refused unread.
    assert!(payload.len() > 16_384);
    let decoded = decode(&payload, catalog()).expect("presets load");
    assert_eq!(decoded.scenario, paper().start);
    // 150 labs fit in a link: the first 100 load.
    let json = format!(r#"{{"v":1,"l":[{}]}}"#, vec![lab; 150].join(","));
    let decoded = decode_json(&json);
    assert_eq!(decoded.scenario.course.labs.len(), 100);
    assert!(decoded.notices[0].contains("only the first 100"));
}

#[test]
fn markup_in_names_stays_text_and_bad_labs_are_skipped_alone() {
    let decoded = decode_json(
        r#"{"v":1,"l":[{"r":0},{"n":"<img src=x onerror=alert(1)>","o":[{"n":"<script>alert(2)</script>","p":100,"u":[["m1.small",1,2,1]]}]},{"n":"broken","o":[{"n":"o","p":50,"u":[]}]},{"n":"unknown","o":[{"n":"o","p":100,"u":[["m9.huge",1,1,0]]}]}]}"#,
    );
    let labs = &decoded.scenario.course.labs;
    assert_eq!(labs.len(), 2);
    assert_eq!(labs[1].name, "<img src=x onerror=alert(1)>");
    assert_eq!(labs[1].options[0].name, "<script>alert(2)</script>");
    assert_eq!(decoded.notices.len(), 2, "{:?}", decoded.notices);
}

#[test]
fn a_pinned_scenario_a_survives_the_link() {
    use course_cost::model::share::encode_pair;
    let c = catalog();
    let a = apply_number(&paper().scenario, c, Setting::Students, "150").expect("valid");
    let b = apply_change(&a, c, Change::SetProvider("gcp".into())).expect("valid");
    let decoded = decode(&encode_pair(&b, Some(&a), paper()), c).expect("presets load");
    assert!(decoded.notices.is_empty(), "{:?}", decoded.notices);
    assert_eq!(decoded.scenario, b);
    assert_eq!(decoded.pinned, Some(a));
    assert_eq!(
        decode(&encode(&b, paper()), c)
            .expect("presets load")
            .pinned,
        None
    );
}

/// What a payload holds, as JSON.
fn json_of(payload: &str) -> serde_json::Value {
    let bytes = URL_SAFE_NO_PAD.decode(payload).expect("base64");
    let json = miniz_oxide::inflate::decompress_to_vec(&bytes).expect("inflates");
    serde_json::from_slice(&json).expect("JSON")
}

#[test]
fn scalar_settings_travel_in_one_map_keyed_by_path() {
    let c = catalog();
    let mut s = apply_number(&paper().scenario, c, Setting::Students, "240").expect("valid");
    s = apply_number(&s, c, Setting::DiscountPct, "12.5").expect("valid");
    assert_eq!(
        json_of(&encode(&s, paper())),
        serde_json::json!({
            "v": LINK_VERSION,
            "p": paper().id,
            "n": {"course.students": 240, "pricing.discount_pct": "12.5"}
        })
    );
}

#[test]
fn every_setting_survives_the_round_trip() {
    for &setting in Setting::ALL {
        let bound = setting.bound();
        let third = bound.max / 3.0;
        let value = if bound.whole { third.floor() } else { third };
        let mut s = paper().scenario.clone();
        *setting.slot(&mut s) = value;
        if setting == Setting::UsdToCurrency {
            // A rate means something only for another currency than the US dollar.
            s.pricing.currency = "EUR".into();
        }
        assert!(validate(&s, catalog()).is_empty(), "{}", setting.path());
        let payload = encode(&s, paper());
        assert_eq!(
            json_of(&payload)["n"].as_object().map(|n| n.len()),
            Some(1),
            "{}",
            setting.path()
        );
        assert_eq!(round_trip(&s), s, "{}", setting.path());
    }
}

#[test]
fn each_setting_is_applied_on_its_own() {
    let decoded = decode_json(&format!(
        r#"{{"v":2,"p":"{}","n":{{"course.students":-5,"pricing.discount_pct":12,"course.term_weeks":"x","realism.labs.vm":3,"nope":1}},"sd":7,"ru":5}}"#,
        paper().id
    ));
    let s = &decoded.scenario;
    assert_eq!(s.course.students, paper().scenario.course.students);
    assert_eq!(s.pricing.discount_pct, 12.0);
    assert_eq!(s.course.term_weeks, paper().scenario.course.term_weeks);
    assert_eq!(s.realism.labs.vm, 3.0);
    assert_eq!(s.planning.seed, 7);
    assert_eq!(
        s.planning.runs,
        paper().scenario.planning.runs,
        "too few runs"
    );
    // Students, term weeks, the unknown name, the runs.
    assert_eq!(decoded.notices.len(), 4, "{:?}", decoded.notices);
    assert!(validate(s, catalog()).is_empty());
}

#[test]
fn v2_parts_of_the_wrong_shape_are_dropped_alone() {
    let decoded = decode_json(&format!(
        r#"{{"v":2,"p":"{}","n":[1,2],"l":"labs","j":{{}},"m":7,"g":3,"a":[2],"pv":"gcp"}}"#,
        paper().id
    ));
    assert_eq!(decoded.scenario.pricing.provider, "gcp");
    assert_eq!(decoded.scenario.course, paper().scenario.course);
    assert_eq!(decoded.pinned, None);
    assert_eq!(decoded.notices.len(), 6, "{:?}", decoded.notices);
}

#[test]
fn a_v1_link_reads_through_the_migration() {
    let decoded = decode_json(
        r#"{"v":1,"p":"paper-s25","s":240,"d":"12.5","r":[2,1,1,1,1,1,1,-1],"pl":[0.5,7,500,100,5000,90,50,40],"a":{"v":1,"s":100}}"#,
    );
    let s = &decoded.scenario;
    assert_eq!(s.course.students, 240.0);
    assert_eq!(s.pricing.discount_pct, 12.5);
    assert_eq!(s.realism.labs.vm, 2.0);
    assert_eq!((s.planning.seed, s.planning.runs), (7, 500));
    assert_eq!(s.planning.deadline_crunch_pct, 40.0);
    assert_eq!(
        decoded.pinned.as_ref().map(|a| a.course.students),
        Some(100.0)
    );
    // Only the negative factor is dropped: each setting is applied on its own.
    assert_eq!(decoded.notices.len(), 1, "{:?}", decoded.notices);
    assert!(decoded.notices[0].contains("overrun of project storage"));
}

#[test]
fn title_notes_pools_and_capacities_survive_the_round_trip() {
    let mut s = paper().scenario.clone();
    s.title = "Spring 2026 <draft>".into();
    s.notes = "Two sections; \"quoted\" & marked-up <b>notes</b>.".into();
    let pooled = pooled_use(&s);
    let pool = &mut s.course.project.uses[pooled].pool;
    pool.truncate(2);
    pool[0].share_pct = 70.0;
    pool[1].share_pct = 30.0;
    let capacity = s.capacity.first().cloned().expect("a capacity");
    s.capacity[0].units = 3.0;
    s.capacity.push(course_cost::model::scenario::Capacity {
        note: "Assumed".into(),
        ..capacity
    });
    assert!(validate(&s, catalog()).is_empty());
    assert_eq!(round_trip(&s), s);
    // And back to none: an empty pool and no capacities are written as such.
    s.course.project.uses[pooled].pool.clear();
    s.capacity.clear();
    assert!(validate(&s, catalog()).is_empty());
    assert_eq!(round_trip(&s), s);
}

#[test]
fn percent_encoded_fragments_and_oversized_links_are_read_or_named() {
    let payload = encode(&paper().scenario, paper());
    let mangled = format!("#s%3D{payload}");
    assert_eq!(payload_of(&mangled), Some(payload));
    // A deflate stream that unpacks to far more than any scenario is refused as too large.
    let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b' '; 2_000_000], 9);
    let decoded = decode(&URL_SAFE_NO_PAD.encode(bomb), catalog()).expect("presets load");
    assert!(
        decoded.notices.iter().any(|n| n.contains("too large")),
        "{:?}",
        decoded.notices
    );
}

#[test]
fn savings_levers_round_trip_and_a_bad_one_is_left_off() {
    use course_cost::model::planners::levers::{AutoStop, Levers};
    let mut scenario = paper().scenario.clone();
    scenario.levers = Levers {
        vm_lease_cap_hours: Some(24.0),
        auto_stop: Some(AutoStop {
            idle_after_hours: None,
            ..AutoStop::default()
        }),
        spot_gpu_rerun_pct: Some(12.5),
        gpu_sharing_students: Some(3.0),
        gpu_bound_share_pct: 40.0,
        right_size: true,
    };
    assert_eq!(round_trip(&scenario), scenario);
    let payload = encode(&scenario, paper());
    let json = String::from_utf8(URL_SAFE_NO_PAD.decode(&payload).unwrap_or_default());
    // Links may be compressed; when the payload is plain JSON it carries `lv`.
    if let Ok(json) = json {
        if json.starts_with('{') {
            assert!(json.contains("\"lv\""), "{json}");
        }
    }
    // A lease cap out of range (0 h, or sharing by 100 students) is dropped with a notice.
    for bad in [
        r#"{"v":2,"p":"paper-s25-v2","lv":{"vm_lease_cap_hours":0}}"#,
        r#"{"v":2,"p":"paper-s25-v2","lv":{"gpu_sharing_students":100}}"#,
        r#"{"v":2,"p":"paper-s25-v2","lv":{"vm_lease_cap_hours":1e308}}"#,
    ] {
        let decoded = decode_json(bad);
        assert_eq!(decoded.scenario.levers, Levers::default(), "{bad}");
        assert_eq!(decoded.notices.len(), 1, "{:?}", decoded.notices);
    }
}

#[test]
fn a_link_from_before_the_spot_assumption_keeps_its_zero_re_run_share() {
    // Up to link version 2 every preset priced spot work with 0% re-runs, and a link left the
    // share out: such a link (here on spot) still prices with 0%, as when it was made.
    let old = decode_json(r#"{"v":2,"p":"paper-s25-v2","m":1}"#);
    assert!(old.notices.is_empty(), "{:?}", old.notices);
    assert_eq!(old.scenario.pricing.rerun_overhead_pct, 0.0);
    let mut was = preset("paper-s25-v2").scenario.clone();
    was.pricing.model = course_cost::model::catalog::offer::PriceModel::Spot;
    was.pricing.rerun_overhead_pct = 0.0;
    assert_eq!(old.scenario, was);
    // A link made now leaves the preset's 15% out and reads it back.
    let mut now = paper().scenario.clone();
    now.pricing.model = course_cost::model::catalog::offer::PriceModel::Spot;
    assert_eq!(now.pricing.rerun_overhead_pct, 15.0);
    assert_eq!(round_trip(&now), now);
    assert_eq!(version_of(&encode(&now, paper())), LINK_VERSION);
}

/// The v1 corpus's link of the first version of the paper's course, as it was.
fn first_version_link() -> String {
    let corpus: Vec<Entry> =
        serde_json::from_value(exact_json(include_str!("links/v1.json"))).expect("parses");
    corpus
        .into_iter()
        .find(|e| e.name == "preset paper-s25 as it is")
        .expect("the corpus holds the first version's link")
        .payload
}

fn preset(id: &str) -> &'static course_cost::model::presets::Preset {
    builtin_presets()
        .expect("presets")
        .iter()
        .find(|p| p.id == id)
        .expect("shipped")
}

#[test]
fn every_archived_preset_names_the_version_that_replaced_it() {
    for old in builtin_presets()
        .expect("presets")
        .iter()
        .filter(|p| p.archived)
    {
        let today = old.successor().expect("an archived preset has a successor");
        assert!(!today.archived && today.version > old.version, "{}", old.id);
        assert_eq!(
            today.name, old.name,
            "{}: same course, later version",
            old.id
        );
        assert_eq!(
            old.label(),
            format!("Version {} (archived): {}", old.version, old.name)
        );
        assert_eq!(today.label(), today.name);
    }
}

#[test]
fn a_link_made_with_the_first_version_opens_as_it_was_and_says_so() {
    let decoded = decode(&first_version_link(), catalog()).expect("presets load");
    let archived = preset("paper-s25");
    // It opens as it was: the archived preset's own scenario, with no problem to report.
    assert_eq!(decoded.preset.id, "paper-s25");
    assert_eq!(decoded.scenario, archived.scenario);
    assert!(decoded.notices.is_empty(), "{:?}", decoded.notices);
    let old = decoded.old_version.expect("a notice that the link is old");
    assert_eq!(
        (old.made_with.id, old.today.id),
        ("paper-s25", "paper-s25-v3")
    );
    assert!(!old.edited);
    // The expected figures come from the engine on the two presets as shipped, not from the
    // link code: version 1 as it is, and today's default (README, "How close to the paper";
    // tests/golden.rs checks it against tests/fixtures/paper.json).
    let then = estimate(&archived.scenario).totals.per_student_usd;
    let today = estimate(&paper().scenario).totals.per_student_usd;
    assert!(
        then - today > 1.0,
        "the versions differ: ${then:.2} and ${today:.2}"
    );
    assert_eq!(old.archived_per_student_usd.to_bits(), then.to_bits());
    assert_eq!(old.today_per_student_usd.to_bits(), today.to_bits());
    let notice = old.notice();
    let expected = format!(
        "This link was made with version 1 of \"The paper's course (NYU, Spring 2025)\" (archived) and opens that version. With today's prices: ${then:.2} per student (what it showed when it was made may differ where prices have been corrected since). Today's version 3 gives ${today:.2}."
    );
    assert_eq!(notice, expected);
}

#[test]
fn an_edited_old_link_compares_with_todays_version_edited_the_same_way() {
    let decoded = decode_json(r#"{"v":1,"p":"paper-s25","s":95}"#);
    assert!(decoded.notices.is_empty(), "{:?}", decoded.notices);
    let old = decoded.old_version.expect("a notice that the link is old");
    assert!(old.edited);
    let c = catalog();
    let then = apply_number(&preset("paper-s25").scenario, c, Setting::Students, "95").unwrap();
    let today = apply_number(&paper().scenario, c, Setting::Students, "95").unwrap();
    let (then, today) = (
        estimate(&then).totals.per_student_usd,
        estimate(&today).totals.per_student_usd,
    );
    assert_eq!(old.archived_per_student_usd.to_bits(), then.to_bits());
    assert_eq!(old.today_per_student_usd.to_bits(), today.to_bits());
    assert!(old.notice().contains(&format!(
        "With today's prices: ${then:.2} per student (what it showed when it was made may differ where prices have been corrected since). Today's version 3, with this link's changes where they apply, gives ${today:.2}."
    )));
}

#[test]
fn a_link_made_with_todays_version_says_nothing_about_versions() {
    let payload = encode(&paper().scenario, paper());
    let decoded = decode(&payload, catalog()).expect("presets load");
    assert!(decoded.old_version.is_none());
    assert!(decode_json(r#"{"v":2,"p":"cpu-only-v3"}"#)
        .old_version
        .is_none());
    // Every version 1 corpus link of an archived preset says it is old; none is a problem.
    let corpus: Vec<Entry> =
        serde_json::from_value(exact_json(include_str!("links/v1.json"))).expect("parses");
    for entry in corpus {
        let decoded = decode(&entry.payload, catalog()).expect("presets load");
        assert_eq!(
            decoded.old_version.is_some(),
            decoded.preset.archived,
            "{}",
            entry.name
        );
    }
}

/// One hostile link of `tests/links/hostile.json` and what it must do.
#[derive(serde::Deserialize)]
struct Hostile {
    name: String,
    /// The payload's JSON (encoded here as a hand-written link: base64url of plain JSON).
    json: serde_json::Value,
    /// The fragment around the payload (`{payload}`), when not `#s={payload}`.
    fragment: Option<String>,
    /// Words each notice must hold, one notice per entry (in order); none when empty.
    notices: Vec<String>,
    /// More words some notice must hold.
    #[serde(default)]
    also: Vec<String>,
    /// Settings (by path) and the value each must decode to.
    #[serde(default)]
    settings: std::collections::BTreeMap<String, f64>,
    /// Settings that must be +0, not -0.
    #[serde(default)]
    positive_zero: Vec<String>,
}

#[test]
fn the_hostile_corpus_is_read_or_named() {
    let corpus: Vec<Hostile> =
        serde_json::from_str(include_str!("links/hostile.json")).expect("corpus parses");
    assert!(corpus.len() >= 15);
    for entry in corpus {
        let payload = URL_SAFE_NO_PAD.encode(entry.json.to_string());
        let template = entry.fragment.as_deref().unwrap_or("#s={payload}");
        let fragment = template.replace("{payload}", &payload);
        let read = payload_of(&fragment).unwrap_or_else(|| panic!("{}: no payload", entry.name));
        let decoded = decode(&read, catalog()).expect("presets load");
        assert_eq!(
            decoded.notices.len(),
            entry.notices.len(),
            "{}: {:?}",
            entry.name,
            decoded.notices
        );
        for words in entry.notices.iter().chain(&entry.also) {
            assert!(
                decoded.notices.iter().any(|n| n.contains(words.as_str())),
                "{}: no notice says {words:?} in {:?}",
                entry.name,
                decoded.notices
            );
        }
        let mut scenario = decoded.scenario.clone();
        for (path, value) in &entry.settings {
            let setting = Setting::from_path(path).expect("a setting");
            assert_eq!(setting.get(&scenario), *value, "{}: {path}", entry.name);
        }
        for path in &entry.positive_zero {
            let setting = Setting::from_path(path).expect("a setting");
            let value = *setting.slot(&mut scenario);
            assert!(
                value == 0.0 && value.is_sign_positive(),
                "{}: {path}",
                entry.name
            );
        }
        assert!(
            validate(&decoded.scenario, catalog()).is_empty(),
            "{}",
            entry.name
        );
    }
}

/// Whether `text` holds a percentage of seven digits or more ("262180800000000300%").
fn has_huge_percentage(text: &str) -> bool {
    let mut digits = 0;
    for c in text.chars() {
        match c {
            '0'..='9' => digits += 1,
            ',' if digits > 0 => {}
            '%' if digits >= 7 => return true,
            _ => digits = 0,
        }
    }
    false
}

#[test]
fn maximum_settings_links_show_short_totals_and_no_huge_percentages() {
    use course_cost::model::presets::paper_gap::PaperGap;
    use course_cost::model::scenario::validate::limits;
    let mut s = paper().scenario.clone();
    for &setting in Setting::ALL {
        let bound = setting.bound();
        *setting.slot(&mut s) = if bound.whole {
            bound.max.floor()
        } else {
            bound.max
        };
    }
    // Discount and credits only lower the total; the probe's worst case had none.
    s.pricing.discount_pct = 0.0;
    s.pricing.credit_per_student_usd = 0.0;
    for lab in &mut s.course.labs {
        for option in &mut lab.options {
            for u in &mut option.uses {
                (u.count, u.hours, u.floating_ips) = (limits::COUNT, limits::HOURS, limits::COUNT);
            }
        }
    }
    for u in &mut s.course.project.uses {
        (u.count, u.hours_per_week, u.floating_ips) =
            (limits::COUNT, limits::HOURS_PER_WEEK, limits::COUNT);
    }
    let decoded = decode(&encode(&s, paper()), catalog()).expect("presets load");
    let read = &decoded.scenario;
    assert!(validate(read, catalog()).is_empty());
    // The labs and project at their maximum exceed the course limit and are said to.
    assert!(
        decoded.notices.iter().any(|n| n.contains("unit-hours")),
        "{:?}",
        decoded.notices
    );
    let result = common::estimate(read);
    let money = |usd: f64| read.pricing.money(usd);
    for figure in [
        result.totals.net_usd,
        result.totals.per_student_usd,
        result.totals.list_usd,
    ] {
        let text = money(figure);
        assert!(text.chars().count() <= 22, "{text}");
    }
    let figures = paper().paper.as_ref().expect("the paper's figures");
    let sentence = PaperGap::new(&result, figures).sentence(money);
    assert!(!has_huge_percentage(&sentence), "{sentence}");
    assert!(has_huge_percentage("262180800000000300% above"));
}

#[test]
fn the_largest_course_the_limits_allow_is_said_in_words() {
    use course_cost::model::format::OVER_A_TRILLION;
    use course_cost::model::scenario::validate::{course_unit_hours, limits};
    let mut s = paper().scenario.clone();
    s.course.labs.truncate(1);
    s.course.labs[0].options.truncate(1);
    s.course.labs[0].options[0].share_pct = 100.0;
    s.course.labs[0].options[0].uses.truncate(1);
    s.course.project.uses.clear();
    s.course.students = limits::STUDENTS;
    let only = &mut s.course.labs[0].options[0].uses[0];
    // 100,000 students x 10 instances x 10,000 hours = 10 billion unit-hours: the limit.
    (only.count, only.hours, only.floating_ips) = (10.0, 10_000.0, 0.0);
    only.resource = "gpu_a100_pcie".into();
    assert_eq!(course_unit_hours(&s), 1e10);
    assert!(
        validate(&s, catalog()).is_empty(),
        "{:?}",
        validate(&s, catalog())
    );
    for &setting in Setting::ALL {
        if setting.path().starts_with("realism.") {
            *setting.slot(&mut s) = limits::FACTOR;
        }
    }
    let result = common::estimate(&s);
    // 1e10 hours x 1,000 overrun at dollars an hour is well over a trillion dollars.
    assert!(result.totals.net_usd > 1e12);
    assert_eq!(s.pricing.money(result.totals.net_usd), "over $1 trillion");
    assert!(result.warnings.iter().any(|w| w == OVER_A_TRILLION));
    // A hundredth of an instance more is over the limit, and the message says so.
    s.course.labs[0].options[0].uses[0].count = 10.01;
    let errors = validate(&s, catalog());
    assert!(
        errors.iter().any(|e| e.to_string().contains("unit-hours")),
        "{errors:?}"
    );
}
