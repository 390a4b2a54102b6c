from enum import StrEnum

class InstalledAppInfoUi(StrEnum):
    SWIFTUI = "swiftui"
    UIKIT = "uikit"

    def __str__(self) -> str:
        return str(self.value)
