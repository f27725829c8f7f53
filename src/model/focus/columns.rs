//! The FOCUS columns the reader uses (names as in FOCUS 1.0 to 1.3), found by name in any order.

/// A column the reader uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Column {
    /// Usage, Purchase, Tax, Credit or Adjustment.
    ChargeCategory,
    /// `Correction` for a correction of an earlier period.
    ChargeClass,
    /// The provider's words for the charge.
    ChargeDescription,
    /// Start of the charge's period (ISO 8601).
    ChargePeriodStart,
    /// End of the charge's period (ISO 8601, exclusive).
    ChargePeriodEnd,
    /// What is invoiced (billing currency).
    BilledCost,
    /// Cost after discounts and amortised commitments (billing currency).
    EffectiveCost,
    /// ISO 4217 code of the costs.
    BillingCurrency,
    /// How much was used, in `ConsumedUnit`.
    ConsumedQuantity,
    /// Unit of `ConsumedQuantity` (`Hours`, `GB-Months`, ...).
    ConsumedUnit,
    /// Standard, Committed, Dynamic (spot) or Other.
    PricingCategory,
    /// The provider's service (`AmazonEC2`).
    ServiceName,
    /// FOCUS service category (`Compute`, `Storage`, ...).
    ServiceCategory,
    /// The provider's kind of resource (`EC2 Instance`).
    ResourceType,
    /// SKU properties as JSON (`{"InstanceType":"m6i.large",...}`), FOCUS 1.1 and later.
    SkuPriceDetails,
    /// Tags as a JSON object.
    Tags,
    /// The provider (FOCUS 1.0 to 1.2; deprecated in 1.3).
    ProviderName,
    /// The provider (FOCUS 1.3).
    ServiceProviderName,
    /// AWS's own usage type (`USE1-BoxUsage:t3.medium`), an `x_` column of AWS exports.
    UsageType,
}

impl Column {
    /// How many columns there are.
    pub const COUNT: usize = 19;

    /// Every column.
    pub const ALL: [Column; Column::COUNT] = [
        Column::ChargeCategory,
        Column::ChargeClass,
        Column::ChargeDescription,
        Column::ChargePeriodStart,
        Column::ChargePeriodEnd,
        Column::BilledCost,
        Column::EffectiveCost,
        Column::BillingCurrency,
        Column::ConsumedQuantity,
        Column::ConsumedUnit,
        Column::PricingCategory,
        Column::ServiceName,
        Column::ServiceCategory,
        Column::ResourceType,
        Column::SkuPriceDetails,
        Column::Tags,
        Column::ProviderName,
        Column::ServiceProviderName,
        Column::UsageType,
    ];

    /// The column's name in a FOCUS header.
    pub fn name(self) -> &'static str {
        match self {
            Column::ChargeCategory => "ChargeCategory",
            Column::ChargeClass => "ChargeClass",
            Column::ChargeDescription => "ChargeDescription",
            Column::ChargePeriodStart => "ChargePeriodStart",
            Column::ChargePeriodEnd => "ChargePeriodEnd",
            Column::BilledCost => "BilledCost",
            Column::EffectiveCost => "EffectiveCost",
            Column::BillingCurrency => "BillingCurrency",
            Column::ConsumedQuantity => "ConsumedQuantity",
            Column::ConsumedUnit => "ConsumedUnit",
            Column::PricingCategory => "PricingCategory",
            Column::ServiceName => "ServiceName",
            Column::ServiceCategory => "ServiceCategory",
            Column::ResourceType => "ResourceType",
            Column::SkuPriceDetails => "SkuPriceDetails",
            Column::Tags => "Tags",
            Column::ProviderName => "ProviderName",
            Column::ServiceProviderName => "ServiceProviderName",
            Column::UsageType => "x_UsageType",
        }
    }

    /// Whether a file without it cannot be read as a bill: these are in every FOCUS version.
    pub fn required(self) -> bool {
        matches!(
            self,
            Column::ChargeCategory
                | Column::BilledCost
                | Column::BillingCurrency
                | Column::ConsumedQuantity
                | Column::ConsumedUnit
                | Column::ServiceName
        )
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Which FOCUS version a header looks like, by the columns each version added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FocusVersion {
    /// FOCUS 1.0 (no SkuPriceDetails).
    V1_0,
    /// FOCUS 1.1 (SkuPriceDetails, no InvoiceId).
    V1_1,
    /// FOCUS 1.2 (InvoiceId, PricingCurrency).
    V1_2,
    /// FOCUS 1.3 (ServiceProviderName, HostProviderName).
    V1_3,
}

impl FocusVersion {
    /// "FOCUS 1.2".
    pub fn label(self) -> &'static str {
        match self {
            FocusVersion::V1_0 => "FOCUS 1.0",
            FocusVersion::V1_1 => "FOCUS 1.1",
            FocusVersion::V1_2 => "FOCUS 1.2",
            FocusVersion::V1_3 => "FOCUS 1.3",
        }
    }
}

/// Where each column is in the file.
#[derive(Clone, Debug, PartialEq)]
pub struct ColumnMap {
    positions: [Option<usize>; Column::COUNT],
    /// The version the header looks like.
    pub version: FocusVersion,
    /// How many cells the header has.
    pub width: usize,
}

/// A header name without a byte-order mark, spaces or quotes around it.
fn clean(name: &str) -> &str {
    name.trim_start_matches('\u{feff}').trim().trim_matches('"')
}

impl ColumnMap {
    /// Finds the columns in a header (any order, any case); the missing required ones otherwise.
    pub fn from_header<'a>(
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<ColumnMap, Vec<&'static str>> {
        let mut positions = [None; Column::COUNT];
        let (mut width, mut marks) = (0, [false; 3]);
        for (at, name) in names.into_iter().enumerate() {
            let name = clean(name);
            width = at + 1;
            for column in Column::ALL {
                if positions[column.index()].is_none() && name.eq_ignore_ascii_case(column.name()) {
                    positions[column.index()] = Some(at);
                }
            }
            for (mark, marker) in ["ServiceProviderName", "InvoiceId", "SkuPriceDetails"]
                .iter()
                .enumerate()
            {
                marks[mark] |= name.eq_ignore_ascii_case(marker);
            }
        }
        let missing: Vec<&'static str> = Column::ALL
            .iter()
            .filter(|c| c.required() && positions[c.index()].is_none())
            .map(|c| c.name())
            .collect();
        if !missing.is_empty() {
            return Err(missing);
        }
        let version = match marks {
            [true, _, _] => FocusVersion::V1_3,
            [_, true, _] => FocusVersion::V1_2,
            [_, _, true] => FocusVersion::V1_1,
            _ => FocusVersion::V1_0,
        };
        Ok(ColumnMap {
            positions,
            version,
            width,
        })
    }

    /// The position of `column`, if the file has it.
    pub fn position(&self, column: Column) -> Option<usize> {
        self.positions[column.index()]
    }
}

/// One row's values by column (empty for a column the file lacks).
#[derive(Clone, Copy, Debug)]
pub struct RowView<'a> {
    values: [&'a str; Column::COUNT],
}

impl<'a> RowView<'a> {
    /// The row's values, picked out of its cells.
    pub fn new(map: &ColumnMap, cells: &[&'a str]) -> RowView<'a> {
        let mut values = [""; Column::COUNT];
        for column in Column::ALL {
            if let Some(cell) = map.position(column).and_then(|at| cells.get(at)) {
                values[column.index()] = cell.trim();
            }
        }
        RowView { values }
    }

    /// The value of `column` (empty when the file lacks it).
    pub fn get(&self, column: Column) -> &'a str {
        self.values[column.index()]
    }
}
