from enum import StrEnum

class InstanceLifecycleModel(StrEnum):
    APPDELEGATE = "appDelegate"
    SCENES = "scenes"

    def __str__(self) -> str:
        return str(self.value)
