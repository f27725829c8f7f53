// The one declaration of a preset file's shape, read twice: `build/schema.rs` makes each entry
// the baker's `Shape` (its keys and what each becomes), `preset_data.rs` the struct the baked
// statics are (its fields and their Rust types). A new key is one line here; the owned types'
// conversions in `preset_data.rs` and every other type named here are checked by the compiler.
//
// Each entry: `SHAPE = RustType { key: RustFieldType = baker type (=> "default if left out"), }`.
// (This file is `include!`d, not a module: each side defines `preset_shapes!` first.)

preset_shapes! {
    /// A file of `src/data/presets/`, the whole file: what
    /// [`crate::model::presets::Preset`] holds, its scenario as data.
    PRESET = PresetData {
        /// Short id used in links.
        id: &'static str = STR,
        /// Which version of the preset this is (1 = the first one published).
        version: u32 = U32 => "1",
        /// Display name.
        name: &'static str = STR,
        /// What it is and where it comes from.
        summary: &'static str = STR,
        /// The scenario.
        scenario: ScenarioData = Ty::Table(&SCENARIO),
        /// Published figures, for a preset built from a real course.
        paper: Option<PaperFigures> = Ty::OptTable(&PAPER),
        /// Where this preset's numbers come from, where it differs from the defaults.
        provenance: &'static [ProvenanceEntry] = Ty::List(&PROVENANCE_ENTRY) => "&[]",
        /// A frozen earlier version, kept so old share links decode exactly.
        archived: bool = Ty::Bool => "false",
        /// For an archived version: the id of the preset that replaced it.
        superseded_by: Option<&'static str> = Ty::OptStr,
    }
    /// A preset's scenario: the parts a preset file sets.
    SCENARIO = ScenarioData {
        /// The course.
        course: CourseData = Ty::Table(&COURSE),
        /// Actual / planned usage factors.
        realism: Realism = Ty::Table(&REALISM),
        /// How it is bought.
        pricing: PricingData = Ty::Table(&PRICING),
        /// Reserved units of a resource.
        capacity: &'static [CapacityData] = Ty::List(&CAPACITY) => "&[]",
    }
    /// [`Course`] as data.
    COURSE = CourseData {
        /// Enrolled students (count).
        students: f64 = NUM,
        /// Length of the term (weeks).
        term_weeks: f64 = NUM,
        /// The labs.
        labs: &'static [LabData] = Ty::List(&LAB),
        /// The group project.
        project: ProjectData = Ty::Table(&PROJECT),
    }
    /// [`Lab`] as data.
    LAB = LabData {
        /// Name.
        name: &'static str = STR,
        /// Where its figures come from.
        note: &'static str = STR => EMPTY,
        /// Its options.
        options: &'static [LabOptionData] = Ty::List(&LAB_OPTION),
        /// Release week (term week).
        start_week: f64 = NUM,
        /// Due week (term week).
        due_week: f64 = NUM,
    }
    /// [`LabOption`] as data.
    LAB_OPTION = LabOptionData {
        /// Name.
        name: &'static str = STR,
        /// Share of students taking it (percent).
        share_pct: f64 = NUM,
        /// What one student uses.
        uses: &'static [ResourceUseData] = Ty::List(&RESOURCE_USE),
    }
    /// [`ResourceUse`] as data.
    RESOURCE_USE = ResourceUseData {
        /// Chameleon resource id.
        resource: &'static str = STR,
        /// Instances at once (count; GB for storage).
        count: f64 = NUM,
        /// Hours each instance is held (hours).
        hours: f64 = NUM,
        /// Floating IPs held for those hours (count).
        floating_ips: f64 = NUM,
    }
    /// [`Project`] as data.
    PROJECT = ProjectData {
        /// Students per group (students).
        group_size: f64 = NUM,
        /// Length (weeks).
        weeks: f64 = NUM,
        /// First week (term week).
        start_week: f64 = NUM,
        /// What each group uses.
        uses: &'static [ProjectUseData] = Ty::List(&PROJECT_USE),
    }
    /// [`ProjectUse`] as data.
    PROJECT_USE = ProjectUseData {
        /// Chameleon resource id.
        resource: &'static str = STR,
        /// Instances held at once (count; GB for storage).
        count: f64 = NUM,
        /// Hours each instance is held per week (hours per week).
        hours_per_week: f64 = NUM,
        /// Floating IPs (count).
        floating_ips: f64 = NUM,
        /// Where the figures come from.
        note: &'static str = STR => EMPTY,
        /// A pool's members, when the use is one.
        pool: &'static [PoolShareData] = Ty::List(&POOL_SHARE) => "&[]",
    }
    /// [`PoolShare`] as data.
    POOL_SHARE = PoolShareData {
        /// Chameleon resource id.
        resource: &'static str = STR,
        /// Share of the use's hours (percent).
        share_pct: f64 = NUM,
    }
    /// [`Pricing`] as data.
    PRICING = PricingData {
        /// Provider id.
        provider: &'static str = STR,
        /// Price snapshot id.
        snapshot: &'static str = STR,
        /// On demand or spot.
        model: PriceModel = Ty::Enum(&[
            ("on_demand", "PriceModel::OnDemand"),
            ("spot", "PriceModel::Spot"),
        ]),
        /// Spot work re-run after interruptions (percent).
        rerun_overhead_pct: f64 = NUM,
        /// Discount on list prices (percent).
        discount_pct: f64 = NUM,
        /// Overhead added on top (percent).
        overhead_pct: f64 = NUM,
        /// Credit per student (US dollars per student).
        credit_per_student_usd: f64 = NUM,
        /// Currency shown (ISO 4217 code).
        currency: &'static str = STR,
        /// Units of that currency per US dollar.
        usd_to_currency: f64 = NUM,
    }
    /// [`Capacity`] as data.
    CAPACITY = CapacityData {
        /// Chameleon resource id.
        resource: &'static str = STR,
        /// Units that exist (count).
        units: f64 = NUM,
        /// Week the window opens (term week).
        start_week: f64 = NUM,
        /// Length of the window (weeks).
        weeks: f64 = NUM,
        /// Where the count and window come from.
        note: &'static str = STR => EMPTY,
    }
}
